import type { MailBrand } from './brand.js';
import { emailChangeConfirmMail, emailChangeNoticeMail, passwordResetMail, validationMail } from './identity-mails.js';
import type { Mail } from './mailer.js';
import { renderMail } from './render-mail.js';
import { certificateTemplate } from './templates/certificate.js';
import { orderConfirmationTemplate, refundTemplate } from './templates/order.js';
import { renewalFailedTemplate, renewalReceiptTemplate, renewalReminderTemplate } from './templates/renewal.js';

/** The brand of the samples: the defaults of libs/config/config.ts on the local shop. */
export const SAMPLE_BRAND: MailBrand = {
  shopName: 'MedShop',
  baseUrl: 'http://localhost:3000',
  supportEmail: 'support@shop.localhost',
};

const to = 'ada@example.test';
const card = { brand: 'Visa', last4: '4242' };

/**
 * Every mail the shop sends, with fixed sample content: the snapshot tests (mail-samples.spec.ts) and
 * `npm run mail:preview` render these, so a change of any template shows in both.
 */
export async function sampleMails(brand: MailBrand = SAMPLE_BRAND): Promise<Record<string, Mail>> {
  const customer = { firstname: 'Ada', customerId: 'c0ffee00-0000-4000-8000-000000000001' };
  return {
    validation: await validationMail(brand, to, 'Ada', 'sample-validation-token'),
    'password-reset': await passwordResetMail(brand, to, 'Ada', 'sample-reset-token'),
    'email-change-confirm': await emailChangeConfirmMail(
      brand,
      { ...customer, newEmail: 'ada.new@example.test' },
      'sample-confirm-token',
    ),
    'email-change-notice': await emailChangeNoticeMail(
      brand,
      { ...customer, email: to, newEmail: 'ada.new@example.test' },
      'sample-undo-token',
    ),
    'order-confirmation': await renderMail(
      orderConfirmationTemplate(brand, {
        to,
        firstname: 'Ada',
        onum: 100234,
        paidAt: '2026-03-01T10:00:00.000Z',
        lines: [
          { name: 'QMP Complete', qty: 1, term: 1, amountCents: 49900 },
          { name: 'Facial Plastic Surgery (book)', qty: 2, term: null, amountCents: 17000 },
        ],
        subtotalCents: 66900,
        discountCents: 6690,
        coupon: 'SPRING10',
        taxCents: 3010,
        shippingCents: 1200,
        totalCents: 64420,
        card,
        shipTo: ['Ada Example', '1 Main St', 'Springfield, MO 65801', 'USA'],
        renewals: [
          {
            productName: 'QMP Complete',
            expiresAt: '2027-03-01T10:00:00.000Z',
            chargeOn: '2027-02-22',
            priceCents: 44910,
            autoRenew: true,
            reminderDays: 30,
          },
        ],
        guest: false,
      }),
    ),
    'renewal-reminder': await renderMail(
      renewalReminderTemplate(brand, {
        to,
        firstname: 'Ada',
        productName: 'QMP Complete',
        period: '2027-03-01',
        chargeOn: '2027-02-22',
        amountCents: 47156,
        card,
      }),
    ),
    'renewal-receipt': await renderMail(
      renewalReceiptTemplate(brand, {
        to,
        firstname: 'Ada',
        productName: 'QMP Complete',
        onum: 100512,
        period: '2027-03-01',
        expiresAt: '2028-03-01T10:00:00.000Z',
        totalCents: 47156,
        taxCents: 2246,
        card,
      }),
    ),
    'renewal-failed': await renderMail(
      renewalFailedTemplate(brand, {
        to,
        firstname: 'Ada',
        productName: 'QMP Complete',
        subscriptionType: 'qmpcomplete',
        period: '2027-03-01',
        errors: ['Your card has expired.'],
      }),
    ),
    refund: await renderMail(
      refundTemplate(brand, {
        to,
        firstname: 'Ada',
        onum: 100234,
        amountCents: 1500,
        refundedCents: 1500,
        totalCents: 64420,
        full: false,
        card,
        refundedAt: '2026-03-05T09:00:00.000Z',
        guest: false,
      }),
    ),
    'certificate-issued': await renderMail(
      certificateTemplate(brand, {
        to,
        firstname: 'Ada',
        year: 2026,
        number: '2026-04HM-ASW9-NF6Y-Y093',
        credits: 12.5,
        verifyUrl: 'http://localhost:3000/verify/2026-04HM-ASW9-NF6Y-Y093',
        supersedes: null,
      }),
    ),
  };
}
