import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { AppLink } from '@/components/router-link';

export interface StaticPage {
  title: string;
  body: ReactNode;
}

const H2 = ({ children }: { children: ReactNode }) => (
  <Typography variant="h5" component="h2" sx={{ mt: 3, mb: 1 }}>
    {children}
  </Typography>
);
const P = ({ children }: { children: ReactNode }) => <Typography sx={{ mb: 1.5 }}>{children}</Typography>;

/** The static pages of storefront section 2 (own wording for this shop). */
export const STATIC_PAGES: Record<string, StaticPage> = {
  'qmp-complete-info': {
    title: 'Complete',
    body: (
      <>
        <P>
          Complete is our full-access subscription: every operative video series in streaming, every new release as it
          is published, and the whole eLearning curriculum with its self-assessment modules.
        </P>
        <H2>What is included</H2>
        <ul>
          <li>Unlimited streaming of the full video library on any device</li>
          <li>All eLearning courses, with progress kept between devices</li>
          <li>New procedures added throughout the year at no extra cost</li>
          <li>Eligibility to add the CME package for AMA PRA Category 1 credit</li>
        </ul>
        <H2>Prices</H2>
        <P>1 year: $1,750 / year. 2 years: $1,600 / year. 3 years: $1,400 / year.</P>
        <P>
          Subscribe from the <AppLink to="/">home page</AppLink> or the{' '}
          <AppLink to="/product/complete/130">Complete product page</AppLink>. Want credit too? Read about{' '}
          <AppLink to="/static/qmp-cme-details">CME</AppLink>.
        </P>
      </>
    ),
  },
  'elearning-details': {
    title: 'eLearning',
    body: (
      <>
        <P>
          eLearning turns our operative videos into structured courses: short narrated lessons, annotated case reviews
          and self-assessment questions, arranged by anatomic region and technique.
        </P>
        <H2>How it works</H2>
        <ul>
          <li>Pick a course and follow its lessons in order, or jump to the technique you need today</li>
          <li>Each lesson pairs the key operative steps with the reasoning behind them</li>
          <li>Your progress is saved, so you can continue on another device</li>
        </ul>
        <H2>Prices</H2>
        <P>1 year: $695 / year. 2 years: $645 / year. 3 years: $595 / year.</P>
        <P>
          eLearning is also part of <AppLink to="/static/qmp-complete-info">Complete</AppLink>, and it qualifies you to
          add <AppLink to="/static/qmp-cme-details">CME credit</AppLink>.
        </P>
      </>
    ),
  },
  'qmp-book-info': {
    title: 'Books',
    body: (
      <>
        <P>
          Our atlases and textbooks come in print, in streaming, or both. Every printed book includes a one-time
          activation code that adds its companion videos to your streaming account.
        </P>
        <H2>Activating your book</H2>
        <P>
          Scratch off the strip inside the cover and follow the <AppLink to="/redeem-info">five steps</AppLink> to
          redeem the code.
        </P>
        <P>
          <AppLink to="/products/14">Shop books</AppLink>
        </P>
      </>
    ),
  },
  'qmp-cme-details': {
    title: 'CME',
    body: (
      <>
        <P>
          Earn up to 20 AMA PRA Category 1 credits per calendar year by watching videos and answering a short test after
          each one. Each test has four questions; each correct answer is worth half a credit.
        </P>
        <H2>Price and eligibility</H2>
        <P>
          The CME package costs $400 and is good through the end of the current calendar year. It can only be purchased
          with a new or current subscription to Complete, Stream, or eLearning.
        </P>
        <H2>Your certificate</H2>
        <P>Your credits and a printable certificate are kept in the CME Center of your account.</P>
        <P>
          See <AppLink to="/static/qmp-complete-info">Complete</AppLink> and{' '}
          <AppLink to="/static/elearning-details">eLearning</AppLink> for the qualifying subscriptions.
        </P>
      </>
    ),
  },
  contact: {
    title: 'Contact Us',
    body: (
      <>
        <P>We answer every message within one business day.</P>
        <H2>Customer service</H2>
        <P>Email: support@medshop.example</P>
        <P>Phone: +1 555 0100 (Monday to Friday, 9 am to 5 pm Eastern)</P>
        <H2>Mail</H2>
        <P>MedShop Customer Service, 100 Example Avenue, Suite 200, Springfield, USA</P>
        <P>
          For questions about activation codes, see <AppLink to="/redeem-info">how to redeem a book code</AppLink>; many
          other answers are in the <AppLink to="/static/faqs">FAQS</AppLink>.
        </P>
      </>
    ),
  },
  about: {
    title: 'About',
    body: (
      <>
        <P>
          MedShop publishes surgical education for surgeons, physicians, residents, nurses and physician&apos;s
          assistants in plastic, facial plastic, oculoplastic and dermatologic surgery.
        </P>
        <P>
          Our faculty are practising surgeons who film their own cases and explain each step. The library grows every
          year with new video series, books and the recordings of our meetings.
        </P>
        <P>
          Meet the <AppLink to="/people">faculty</AppLink> or browse the <AppLink to="/meeting/list">meetings</AppLink>.
        </P>
      </>
    ),
  },
  faqs: {
    title: 'Frequently Asked Questions',
    body: (
      <>
        <H2>On how many devices can I watch?</H2>
        <P>On any device, but one at a time: a new login ends the session on the previous device.</P>
        <H2>Do streaming purchases expire?</H2>
        <P>No. Video series bought as streaming never expire. Subscriptions run for the term you choose.</P>
        <H2>How do I activate the videos of my book?</H2>
        <P>
          Follow the <AppLink to="/redeem-info">five steps to redeem your code</AppLink>.
        </P>
        <H2>Who can buy CME?</H2>
        <P>
          Anyone with a new or current subscription to Complete, Stream, or eLearning. See{' '}
          <AppLink to="/static/qmp-cme-details">CME</AppLink>.
        </P>
        <H2>How do I reach you?</H2>
        <P>
          Through the <AppLink to="/static/contact">contact page</AppLink>.
        </P>
      </>
    ),
  },
  'privacy-policy': {
    title: 'Privacy Policy',
    body: (
      <>
        <P>We collect only what we need to run your account, deliver your orders and award CME credit.</P>
        <H2>What we keep</H2>
        <P>
          Your name, specialty, contact and shipping addresses, order history, the videos you watch and your CME test
          results. Card numbers are handled by our payment processor and never stored in full.
        </P>
        <H2>What we never do</H2>
        <P>We do not sell your data. We share it only with the services that ship, bill and host the shop.</P>
        <H2>Your choices</H2>
        <P>
          You can update your profile at any time and ask us to delete your account through the{' '}
          <AppLink to="/static/contact">contact page</AppLink>.
        </P>
      </>
    ),
  },
  'terms-of-use': {
    title: 'Terms of Use',
    body: (
      <>
        <P>By creating an account or placing an order you agree to these terms.</P>
        <H2>Your account</H2>
        <P>An account is personal. It can be logged in on one device at a time; do not share your password.</P>
        <H2>Content</H2>
        <P>
          Videos, books and courses are licensed for your own education. Recording, downloading or redistributing them
          is not permitted.
        </P>
        <H2>Subscriptions and renewals</H2>
        <P>
          Subscriptions run for the purchased term. With auto-renew on, we renew at the end of the term; you can switch
          it off in your profile.
        </P>
        <H2>Medical disclaimer</H2>
        <P>The content is educational and does not replace clinical judgement.</P>
      </>
    ),
  },
  accessibility: {
    title: 'Accessibility',
    body: (
      <>
        <P>
          We want the shop to work for everyone. We aim for WCAG 2.2 level AA on every page and test each release with
          automated checks, keyboard-only use and a 375 pixel wide phone screen.
        </P>
        <H2>What you can expect</H2>
        <ul>
          <li>Every control can be reached and used with the keyboard</li>
          <li>Every form field has a visible label</li>
          <li>Text and controls keep sufficient contrast</li>
        </ul>
        <H2>Tell us</H2>
        <P>
          If something gets in your way, please tell us through the <AppLink to="/static/contact">contact page</AppLink>{' '}
          and we will help you complete your order by other means.
        </P>
      </>
    ),
  },
};
