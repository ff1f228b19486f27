// One package per component, not @react-email/components: its index loads every component (code
// blocks with their highlighter, markdown, Tailwind) and took about 0.6 s of each process's start.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import { MAIL_PATHS, type MailBrand, shopLink } from '../brand.js';

/** The one look of every mail: the shop's name on top, the content, and who to ask at the bottom. */
export function MailLayout(props: { brand: MailBrand; preview: string; heading: string; children: ReactNode }) {
  const { brand } = props;
  const contact = shopLink(brand, MAIL_PATHS.contact);
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Link href={brand.baseUrl} className="brand" style={styles.brand}>
              {brand.shopName}
            </Link>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.heading}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Hr style={styles.rule} />
          <Section style={styles.footer}>
            <Text style={styles.small}>
              Questions? Write to <Link href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</Link> or use our
              contact page: <Link href={contact}>{contact}</Link>
            </Text>
            <Text style={styles.small}>
              {brand.shopName}, <Link href={brand.baseUrl}>{brand.baseUrl}</Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

/** The mail's main link as a button; its plain text shows the label, then the address on a line of its own. */
export function Action({ href, children }: { href: string; children: string }) {
  return (
    <Section style={styles.action}>
      <Button href={href} className="action" style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** A link written out, so a reader can copy it (and the plain text shows it once). */
export function Url({ href }: { href: string }) {
  return <Link href={href}>{href}</Link>;
}

/** Label and value rows (an order's totals, a renewal's terms): a table in HTML and in plain text. */
export function Facts({
  rows,
  total,
}: {
  rows: readonly (readonly [string, string])[];
  total?: readonly [string, string];
}) {
  return (
    <table className="facts" style={styles.table} role="presentation" cellPadding={0} cellSpacing={0}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={styles.label}>{label}</td>
            <td style={styles.value}>{value}</td>
          </tr>
        ))}
        {total ? (
          <tr>
            <td style={{ ...styles.label, ...styles.strong }}>{total[0]}</td>
            <td style={{ ...styles.value, ...styles.strong }}>{total[1]}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export const styles = {
  body: { backgroundColor: '#f4f6f8', fontFamily: font, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', borderRadius: '6px', overflow: 'hidden' },
  header: { backgroundColor: '#0d47a1', padding: '16px 24px' },
  brand: { color: '#ffffff', fontSize: '20px', fontWeight: 700, textDecoration: 'none' },
  content: { padding: '8px 24px 0' },
  heading: { color: '#1a1a1a', fontSize: '22px', lineHeight: '30px', margin: '16px 0' },
  text: { color: '#1a1a1a', fontSize: '15px', lineHeight: '23px', margin: '0 0 14px' },
  action: { margin: '8px 0 20px' },
  button: {
    backgroundColor: '#0d47a1',
    borderRadius: '4px',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  table: { width: '100%', borderCollapse: 'collapse', margin: '0 0 16px' },
  label: { color: '#444444', fontSize: '14px', padding: '6px 8px 6px 0', borderBottom: '1px solid #e5e8eb' },
  value: {
    color: '#1a1a1a',
    fontSize: '14px',
    padding: '6px 0',
    textAlign: 'right',
    borderBottom: '1px solid #e5e8eb',
    whiteSpace: 'nowrap',
  },
  strong: { fontWeight: 700 },
  rule: { borderColor: '#e5e8eb', margin: '16px 0 0' },
  footer: { padding: '8px 24px 16px' },
  small: { color: '#5f6b76', fontSize: '13px', lineHeight: '20px', margin: '0 0 8px' },
} as const;
