/** The colours of exported PDFs (GitHub's light theme): text, muted notes, links, rules and borders, shaded boxes. */
export const PDF_COLORS = {
  text: '#1f2328',
  muted: '#59636e',
  link: '#0969da',
  line: '#d0d7de',
  shade: '#f6f8fa',
} as const;
