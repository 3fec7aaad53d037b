/** The content types of the files archives usually hold, by extension; anything else is `application/octet-stream`. */
const TYPES = new Map<string, string>([
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['svg', 'image/svg+xml'],
  ['ico', 'image/x-icon'],
  ['avif', 'image/avif'],
  ['pdf', 'application/pdf'],
  ['zip', 'application/zip'],
  ['json', 'application/json'],
  ['yaml', 'application/yaml'],
  ['yml', 'application/yaml'],
  ['txt', 'text/plain'],
  ['csv', 'text/csv'],
  ['html', 'text/html'],
  ['css', 'text/css'],
  ['js', 'text/javascript'],
  ['mp4', 'video/mp4'],
  ['webm', 'video/webm'],
  ['mp3', 'audio/mpeg'],
]);

export function contentTypeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot < 0 ? undefined : TYPES.get(name.slice(dot + 1).toLowerCase())) ?? 'application/octet-stream';
}
