/** The NAME part of product/{NAME}/{ID}: "NAME is lower-case with spaces turned into hyphens" (storefront section 2). */
export function productSlug(name: string): string {
  return name.toLowerCase().replace(/ /g, '-');
}
