import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';

/**
 * Colours of highlighted code (highlight.js's `hljs-*` classes), light and dark like the rest of the
 * page, and the copy button the script adds. Part of every page's stylesheet (site-html.ts).
 */
export const CODE_STYLE = `
:root{--code-keyword:#cf222e;--code-string:#0a3069;--code-comment:#57606a;--code-number:#0550ae;--code-title:#6639ba;
--code-attr:#953800;--code-tag:#116329;--code-added:#dafbe1;--code-removed:#ffebe9}
@media (prefers-color-scheme:dark){:root{--code-keyword:#ff7b72;--code-string:#a5d6ff;--code-comment:#8b949e;--code-number:#79c0ff;
--code-title:#d2a8ff;--code-attr:#ffa657;--code-tag:#7ee787;--code-added:#033a16;--code-removed:#67060c}}
.code{position:relative}.code pre{margin:0}figure.code-block{margin:1rem 0}
figure.code-block figcaption{font:600 .85rem ui-monospace,SFMono-Regular,Menlo,monospace;padding:.4rem 1rem;background:var(--panel);
border-bottom:1px solid var(--line);border-radius:6px 6px 0 0}figure.code-block figcaption+.code pre{border-radius:0 0 6px 6px}
.copy-code{position:absolute;top:.4rem;right:.4rem;font:.8rem system-ui,sans-serif;padding:.15rem .5rem;color:var(--fg);
background:var(--bg);border:1px solid var(--line);border-radius:4px;cursor:pointer}
.hljs-keyword,.hljs-doctag,.hljs-meta .hljs-keyword,.hljs-template-tag,.hljs-type,.hljs-selector-tag{color:var(--code-keyword)}
.hljs-string,.hljs-regexp,.hljs-meta .hljs-string,.hljs-template-variable{color:var(--code-string)}
.hljs-comment,.hljs-quote,.hljs-code{color:var(--code-comment);font-style:italic}
.hljs-number,.hljs-literal,.hljs-built_in,.hljs-symbol,.hljs-meta,.hljs-link,.hljs-variable.language_{color:var(--code-number)}
.hljs-title,.hljs-title.class_,.hljs-title.function_,.hljs-section{color:var(--code-title)}
.hljs-attr,.hljs-attribute,.hljs-property,.hljs-params,.hljs-variable,.hljs-selector-class,.hljs-selector-id{color:var(--code-attr)}
.hljs-name,.hljs-tag,.hljs-selector-pseudo,.hljs-bullet{color:var(--code-tag)}
.hljs-addition{background:var(--code-added)}.hljs-deletion{background:var(--code-removed)}
.hljs-emphasis{font-style:italic}.hljs-strong{font-weight:600}
`;

/**
 * The copy button of code blocks: added by this script to each `div.code` (so a page without
 * JavaScript shows no button that does nothing), listening without inline handlers (the CSP allows no
 * inline script), copying the block's text to the clipboard.
 */
const COPY_SCRIPT = `(function () {
  'use strict';
  function copy(button, code) {
    var show = function (label) {
      button.textContent = label;
      setTimeout(function () { button.textContent = 'Copy'; }, 2000);
    };
    if (!navigator.clipboard || !navigator.clipboard.writeText) return show('Copy failed');
    navigator.clipboard.writeText(code.textContent || '').then(
      function () { show('Copied'); },
      function () { show('Copy failed'); }
    );
  }
  function addButtons() {
    var boxes = document.querySelectorAll('div.code');
    for (var i = 0; i < boxes.length; i++) {
      var code = boxes[i].querySelector('code');
      if (!code) continue;
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'copy-code';
      button.textContent = 'Copy';
      button.addEventListener('click', copy.bind(null, button, code));
      boxes[i].appendChild(button);
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', addButtons);
  else addButtons();
})();
`;

const scriptHash = createHash('sha256').update(COPY_SCRIPT).digest('base64url').slice(0, 12);

/**
 * Where pages load the script from: under the sites' prefix (docs/sites-serving.md), named by its
 * content's hash so it is cached for good; the same path on every host a site is served at.
 */
export const COPY_SCRIPT_PATH = `/sites/_assets/copy-code.${scriptHash}.js`;

/** Serves the copy script at COPY_SCRIPT_PATH (a static route: it wins over the sites' parametric routes). */
export function serveCodeAssets(fastify: FastifyInstance): void {
  fastify.get(COPY_SCRIPT_PATH, (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('etag', `"${scriptHash}"`)
      .type('text/javascript; charset=utf-8')
      .send(COPY_SCRIPT),
  );
}
