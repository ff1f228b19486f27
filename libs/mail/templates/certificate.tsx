import { MAIL_PATHS, type MailBrand, shopLink } from '../brand.js';
import type { MailTemplate } from '../render-mail.js';
import { Action, Facts, MailLayout, P, Url } from './layout.js';

export interface CertificateNotice {
  to: string;
  firstname: string;
  year: number;
  number: string;
  credits: number;
  verifyUrl: string;
  /** The number this certificate replaces, or null. */
  supersedes: string | null;
}

/** A CME certificate issued: its number, its credits, and where anyone can verify it. */
export function certificateTemplate(brand: MailBrand, c: CertificateNotice): MailTemplate {
  return {
    to: c.to,
    subject: `Your ${c.year} CME certificate ${c.number}`,
    element: (
      <MailLayout
        brand={brand}
        preview={`Certificate ${c.number}: ${c.credits} credits.`}
        heading={`Your ${c.year} CME certificate`}
      >
        <P>Hello {c.firstname},</P>
        <P>
          Your CME certificate for {c.year} has been issued with {c.credits} credits.
          {c.supersedes ? ` It replaces certificate ${c.supersedes}, which no longer verifies as current.` : ''}
        </P>
        <Facts
          rows={[
            ['Certificate number', c.number],
            ['Year', String(c.year)],
          ]}
          total={['Credits', String(c.credits)]}
        />
        <P>
          Anyone you show it to (a board, an employer) can check it at this address, also printed on the certificate:{' '}
          <Url href={c.verifyUrl} />
        </P>
        <Action href={shopLink(brand, MAIL_PATHS.cmeCenter)}>Open the CME center</Action>
      </MailLayout>
    ),
  };
}
