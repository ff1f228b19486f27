/** The text of an html fragment, without tags (parsed as an inert document, never executed). */
export function textOf(html: string): string {
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Signed-in "Faculty pages": the bio's first 100 characters plus an ellipsis. */
export function shortBio(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

/** product/{name lower-cased, spaces to hyphens}/{ID}. */
export const productPath = (name: string, id: number): string =>
  `/product/${name.toLowerCase().replace(/ /g, '-')}/${id}`;
