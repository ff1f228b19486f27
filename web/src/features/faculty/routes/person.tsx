import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { ELEARNING_CATEGORY_ID } from '@contracts/catalog';
import { AppLink } from '@/components/router-link';
import { useFacultyMemberQuery } from '../api/faculty-api';
import { NotFoundPage } from '@/components/not-found';
import { productPath } from '../text';
import { productImage } from '@/lib/product-image';

/** people/{USERID} (signed-in "Faculty pages"): breadcrumb, photo, name, bio, location and product cards. */
export default function PersonRoute() {
  const { userId } = useParams();
  const id = Number(userId);
  const valid = Number.isInteger(id) && id > 0;
  const { data: person, isLoading, isError } = useFacultyMemberQuery(id, { skip: !valid });

  if (!valid || isError || (!isLoading && !person)) return <NotFoundPage />;
  if (isLoading || !person) return <LinearProgress aria-label="Loading faculty" />;
  const elearning = person.PRODUCTSINFO.some((product) => product.PRODCATID === ELEARNING_CATEGORY_ID);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <AppLink to="/">Home</AppLink>
        <AppLink to="/people">Faculty</AppLink>
        <Typography color="text.primary" aria-current="page">
          {person.FULLNAME}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Avatar src={`/${person.PHOTO}`} alt={person.FULLNAME} sx={{ width: 120, height: 120 }} />
        <Box>
          <Typography variant="h4" component="h1">
            {person.FULLNAME}
          </Typography>
          <Typography color="text.secondary">{person.LOCATION}</Typography>
        </Box>
      </Box>
      {/* The API sanitises BIO on import; only its html is rendered. */}
      <Box dangerouslySetInnerHTML={{ __html: person.BIO }} sx={{ mb: 3 }} />
      {elearning ? (
        <Typography sx={{ mb: 2 }}>
          <AppLink to="/static/elearning-details">Learn more about eLearning</AppLink>
        </Typography>
      ) : null}
      <Typography variant="h5" component="h2" gutterBottom>
        Products
      </Typography>
      <Box
        component="ul"
        aria-label="Products"
        sx={{ p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}
      >
        {person.PRODUCTSINFO.map((product) => (
          <Card component="li" key={product.ID} variant="outlined" sx={{ listStyle: 'none' }}>
            <CardActionArea component={RouterLink} to={productPath(product.NAME, product.ID)}>
              <CardMedia
                component="img"
                image={productImage(product.ID)}
                alt=""
                loading="lazy"
                sx={{ aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'grey.200' }}
              />
              <CardContent>
                <Typography component="h3" variant="subtitle1">
                  {product.NAME}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Container>
  );
}
