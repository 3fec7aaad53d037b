import { create } from 'fontkit';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The faces exported PDFs use. */
export type PdfFace = 'regular' | 'bold' | 'italic' | 'boldItalic' | 'mono';

/**
 * DejaVu Sans and Sans Mono (npm `dejavu-fonts-ttf`): every Latin letter with its accents (Polish,
 * Czech, Turkish, Vietnamese...), Greek, Cyrillic, Armenian, Georgian, Hebrew and many symbols.
 * The PDF embeds only the glyphs it uses. Scripts the fonts lack (CJK among them) are written `?`.
 */
const FILES: Record<PdfFace, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
  mono: 'DejaVuSansMono.ttf',
};

export interface PdfFont {
  /** The TTF file, registered with each document. */
  bytes: Buffer;
  /** The font has a glyph for the code point. */
  draws(codePoint: number): boolean;
}

let loaded: ReadonlyMap<PdfFace, PdfFont> | undefined;

/** The faces, read and parsed once per process (about 2.5 MB), on the first export. */
export function pdfFonts(): ReadonlyMap<PdfFace, PdfFont> {
  if (!loaded) {
    const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    loaded = new Map(
      (Object.keys(FILES) as PdfFace[]).map((face) => {
        const bytes = readFileSync(join(dir, FILES[face]));
        const font = create(bytes);
        if (!('hasGlyphForCodePoint' in font)) throw new Error(`${FILES[face]} is a font collection, not one font`);
        // A cmap lookup: cheap enough per character, and nothing kept grows with what exports contain.
        return [face, { bytes, draws: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) }];
      }),
    );
  }
  return loaded;
}
