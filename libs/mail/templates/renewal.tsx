import { dollars, longDate, MAIL_PATHS, type MailBrand, shopLink } from '../brand.js';
import type { MailTemplate } from '../render-mail.js';
import { Action, Facts, MailLayout, P, Url } from './layout.js';
import { type CardUsed, cardText } from './order.js';

interface Addressee {
  to: string;
  firstname: string;
  productName: string;
}

export interface RenewalReminder extends Addressee {
  /** The expiry the renewal renews (YYYY-MM-DD). */
  period: string;
  /** When the card will be charged (YYYY-MM-DD). */
  chargeOn: string;
  amountCents: number;
  card: CardUsed;
}

/** The reminder before a yearly renewal charges: amount, date, card, and the one link to turn it off. */
export function renewalReminderTemplate(brand: MailBrand, r: RenewalReminder): MailTemplate {
  return {
    to: r.to,
    subject: `${r.productName} renews on ${longDate(r.chargeOn)}`,
    element: (
      <MailLayout
        brand={brand}
        preview={`${dollars(r.amountCents)} on ${longDate(r.chargeOn)}, unless you turn automatic renewal off.`}
        heading={`Your subscription renews on ${longDate(r.chargeOn)}`}
      >
        <P>Hello {r.firstname},</P>
        <P>
          Your subscription {r.productName} expires on {longDate(r.period)}. Automatic renewal is on, so on{' '}
          {longDate(r.chargeOn)} we will renew it for one more year and charge {dollars(r.amountCents)} (tax included)
          to your {cardText(r.card)}.
        </P>
        <Facts
          rows={[
            ['Subscription', r.productName],
            ['Charged on', longDate(r.chargeOn)],
            ['Card', cardText(r.card)],
          ]}
          total={['Amount', dollars(r.amountCents)]}
        />
        <P>Nothing to do if you want to keep it. If you do not, turn automatic renewal off before that day:</P>
        <Action href={shopLink(brand, MAIL_PATHS.autoRenew)}>Turn automatic renewal off</Action>
      </MailLayout>
    ),
  };
}

export interface RenewalReceipt extends Addressee {
  onum: number;
  /** The expiry renewed (YYYY-MM-DD). */
  period: string;
  /** The new expiry (ISO), when granted. */
  expiresAt: string | null;
  totalCents: number;
  taxCents: number;
  card: CardUsed;
}

/** The receipt of a renewal charged to the card on file. */
export function renewalReceiptTemplate(brand: MailBrand, r: RenewalReceipt): MailTemplate {
  return {
    to: r.to,
    subject: `Your subscription has been renewed (order ${r.onum})`,
    element: (
      <MailLayout
        brand={brand}
        preview={`${r.productName} renewed for one more year.`}
        heading="Your subscription has been renewed"
      >
        <P>Hello {r.firstname},</P>
        <P>
          Your subscription {r.productName}, which was to expire on {longDate(r.period)}, has been renewed for one more
          year{r.expiresAt ? `, until ${longDate(r.expiresAt)}` : ''}. {dollars(r.totalCents)} was charged to your{' '}
          {cardText(r.card)} (order {r.onum}).
        </P>
        <Facts
          rows={[
            [`${r.productName} (1 year)`, dollars(r.totalCents - r.taxCents)],
            ['Tax', dollars(r.taxCents)],
          ]}
          total={['Total paid', dollars(r.totalCents)]}
        />
        <Action href={shopLink(brand, MAIL_PATHS.orders)}>Your orders and receipts</Action>
        <P>
          You can turn automatic renewal off on your account page: <Url href={shopLink(brand, MAIL_PATHS.autoRenew)} />
        </P>
      </MailLayout>
    ),
  };
}

export interface RenewalFailure extends Addressee {
  period: string;
  errors: string[];
  subscriptionType: string;
}

/** A renewal the card on file did not pay: nothing was extended; the link puts the renewal in the cart. */
export function renewalFailedTemplate(brand: MailBrand, r: RenewalFailure): MailTemplate {
  return {
    to: r.to,
    subject: 'Your subscription could not be renewed',
    element: (
      <MailLayout
        brand={brand}
        preview={`${r.productName} expires on ${longDate(r.period)}.`}
        heading="Your subscription could not be renewed"
      >
        <P>Hello {r.firstname},</P>
        <P>
          We could not renew your subscription {r.productName}, which expires on {longDate(r.period)}:{' '}
          {r.errors.join(' ')}
        </P>
        <P>Nothing was charged. To keep your access, renew it here:</P>
        <Action href={shopLink(brand, MAIL_PATHS.renew(r.subscriptionType))}>Renew my subscription</Action>
      </MailLayout>
    ),
  };
}
