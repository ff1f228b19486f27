import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ProductFacultyMember } from '@contracts/catalog';

/** The faculty of a product: photo, name (a link to people/{USERID}) and location. */
export function FacultyList({ faculty }: { faculty: ProductFacultyMember[] }) {
  if (faculty.length === 0) return null;
  return (
    <section aria-labelledby="faculty-heading">
      <Typography id="faculty-heading" variant="h5" component="h2" gutterBottom>
        Faculty
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}
      >
        {faculty.map((member) => (
          <Box component="li" key={member.USERID} sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Avatar
              src={`/${member.PHOTO}`}
              alt={member.FULLNAME}
              sx={{ width: 64, height: 64 }}
              slotProps={{ img: { width: 64, height: 64, loading: 'lazy' } }}
            />
            <Box>
              <Link component={RouterLink} to={`/people/${member.USERID}`} sx={{ fontWeight: 600 }}>
                {member.FULLNAME}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {member.LOCATION}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </section>
  );
}
