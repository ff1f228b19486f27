import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Pool } from 'pg';
import { CME_TEST_NOT_FOUND, type CmeTestType } from '#libs/contracts/cme.js';
import { findProduct } from '#libs/catalog/products.queries.js';
import { CatalogFacts } from '../catalog/index.js';
import { PG_POOL } from '../infrastructure/tokens.js';
import { type CmeTestQuestions, questionsOf } from './cme-questions.js';

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
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly facts: CatalogFacts,
  ) {}

  async resolve(testType: CmeTestType, productId: number): Promise<CmeTestProduct> {
    const product = productId > 0 ? await findProduct(this.pool, productId) : null;
    const questions = product ? questionsOf(product.ID) : null;
    const isModule = product?.TYPE === 'cme';
    if (!product || !questions || !(product.CREDITS > 0) || isModule !== (testType === 'module')) {
      throw new NotFoundException(CME_TEST_NOT_FOUND);
    }
    // A product of a patient-safety category (categories.csv KIND safety): its credits are safety credits.
    const safetyCategories = await this.facts.safetyCategories();
    return {
      testType,
      productId: product.ID,
      name: product.NAME,
      credits: product.CREDITS,
      safety: product.CATEGORIES.some((id) => safetyCategories.includes(id)),
      ...questions,
    };
  }
}
