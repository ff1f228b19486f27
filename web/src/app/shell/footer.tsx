import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useMainInfoQuery } from '@/features/main-info/api/main-info-api';

const FOOTER_LINKS: { label: string; to: string }[] = [
  { label: 'Home', to: '/' },
  { label: 'Shop', to: '/products/0' },
  { label: 'Stream', to: '/streaming' },
  { label: 'Meetings', to: '/meeting/list' },
  { label: 'About', to: '/static/about' },
  { label: 'Contact', to: '/static/contact' },
  { label: 'FAQS', to: '/static/faqs' },
  { label: 'Privacy Policy', to: '/static/privacy-policy' },
  { label: 'Terms of Use', to: '/static/terms-of-use' },
  { label: 'Accessibility', to: '/static/accessibility' },
];

/** Footer links plus year and version from GET /api/main-info. */
export function Footer() {
  const { data } = useMainInfoQuery();
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 3, px: 2, bgcolor: 'grey.100', borderTop: 1, borderColor: 'grey.300' }}
    >
      <Box
        component="ul"
        aria-label="Footer"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}
      >
        {FOOTER_LINKS.map((link) => (
          <li key={link.label}>
            <Link component={RouterLink} to={link.to} color="inherit">
              {link.label}
            </Link>
          </li>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        © {data?.year ?? new Date().getFullYear()} MedShop{data ? ` · version ${data.version}` : ''}
      </Typography>
    </Box>
  );
}
