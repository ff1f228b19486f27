import type { MailBrand } from '../brand.js';
import type { MailTemplate } from '../render-mail.js';
import { Action, MailLayout, P } from './layout.js';

/** The identity mails (storefront sections 2 and 8): each carries one link with a token, shown once in HTML and alone on a line in the text. */

export function validationTemplate(brand: MailBrand, to: string, firstname: string, url: string): MailTemplate {
  return {
    to,
    subject: 'Please validate your email',
    element: (
      <MailLayout
        brand={brand}
        preview="Validate your email to start using your account."
        heading="Validate your email"
      >
        <P>Hello {firstname},</P>
        <P>Welcome to {brand.shopName}. Please validate your email by following this link:</P>
        <Action href={url}>Validate my email</Action>
        <P>You can login after validating. The link works for 7 days.</P>
      </MailLayout>
    ),
  };
}

export function passwordResetTemplate(brand: MailBrand, to: string, firstname: string, url: string): MailTemplate {
  return {
    to,
    subject: 'Change your password',
    element: (
      <MailLayout
        brand={brand}
        preview="A link to choose a new password, valid for one hour."
        heading="Change your password"
      >
        <P>Hello {firstname},</P>
        <P>To choose a new password, follow this link within one hour:</P>
        <Action href={url}>Change my password</Action>
        <P>If you did not ask for this, ignore this mail: your password stays as it is.</P>
      </MailLayout>
    ),
  };
}

export function emailChangeConfirmTemplate(
  brand: MailBrand,
  to: { newEmail: string; firstname: string },
  url: string,
): MailTemplate {
  return {
    to: to.newEmail,
    subject: 'Please confirm your new email address',
    element: (
      <MailLayout brand={brand} preview="Confirm your new email address." heading="Confirm your new email address">
        <P>Hello {to.firstname},</P>
        <P>Please confirm that this is your new email address by following this link within 7 days:</P>
        <Action href={url}>Confirm my new email address</Action>
        <P>Until then you keep logging in with your current address. If you did not ask for this, ignore this mail.</P>
      </MailLayout>
    ),
  };
}

export function emailChangeNoticeTemplate(
  brand: MailBrand,
  to: { email: string; newEmail: string; firstname: string },
  url: string,
): MailTemplate {
  return {
    to: to.email,
    subject: 'Your email address is being changed',
    element: (
      <MailLayout
        brand={brand}
        preview={`A change of your email address to ${to.newEmail}.`}
        heading="Your email address is being changed"
      >
        <P>Hello {to.firstname},</P>
        <P>
          A change of your account&apos;s email address to {to.newEmail} was asked for. It takes effect once the new
          address confirms it.
        </P>
        <P>
          If you did not ask for this, undo it with this link (it works for 30 days, also after the change took effect)
          and then choose a new password:
        </P>
        <Action href={url}>Undo the change of my email address</Action>
      </MailLayout>
    ),
  };
}
