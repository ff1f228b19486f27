import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import { CME_TEST_NOT_FOUND, type CmeTestType } from '#libs/contracts/cme.js';
import { findProduct } from '#libs/catalog/products.queries.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { type CmeTestQuestions, questionsOf } from './cme-questions.js';

/** Category of patient-safety products: their credits count as safety credits (as the stream detail shows). */
export const SAFETY_CATEGORY_ID = 28;

export interface CmeTestProduct extends CmeTestQuestions {
  testType: CmeTestType;
  productId: number;
  name: string;
  credits: number;
  safety: boolean;
}

/**
 * Which product a test cme/{TYPE}/{ID} is about: TYPE `module` is a CME module (product TYPE cme),
 * `streaming` any other product; the product must carry CME credits and have questions (the CME
 * package 155 itself has none). Anything else is 404 CME_TEST_NOT_FOUND.
 */
@Injectable()
export class CmeTests {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async resolve(testType: CmeTestType, productId: number): Promise<CmeTestProduct> {
    const product = productId > 0 ? await findProduct(this.pool, productId) : null;
    const questions = product ? questionsOf(product.ID) : null;
    const isModule = product?.TYPE === 'cme';
    if (!product || !questions || !(product.CREDITS > 0) || isModule !== (testType === 'module')) {
      throw new NotFoundException(CME_TEST_NOT_FOUND);
    }
    return {
      testType,
      productId: product.ID,
      name: product.NAME,
      credits: product.CREDITS,
      safety: product.CATEGORIES.includes(SAFETY_CATEGORY_ID),
      ...questions,
    };
  }
}
