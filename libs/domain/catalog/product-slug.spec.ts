import { productSlug } from './product-slug.js';

describe('slug: NAME is lower-case with spaces turned into hyphens', () => {
  it.each([
    ['Rhinoplasty Masters', 'rhinoplasty-masters'],
    ['The  Art of Lifting', 'the--art-of-lifting'],
    ['eLearning', 'elearning'],
    ['Brow & Lid 2025', 'brow-&-lid-2025'],
  ])('%s -> %s', (name, slug) => {
    expect(productSlug(name)).toBe(slug);
  });
});
