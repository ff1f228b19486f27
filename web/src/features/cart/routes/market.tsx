import { useEffect, useRef } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { useNavigate, useParams } from 'react-router';
import { Page } from '@/components/page';
import { useRedeemOfferMutation } from '../api/cart-api';

/** Marketing offer market/{OFFER}/{UID}: redeems the offer, then the cart; a failure goes home. */
export default function MarketRoute() {
  const { offer = '', uid = '' } = useParams();
  const [redeem] = useRedeemOfferMutation();
  const navigate = useNavigate();
  const tried = useRef<string | null>(null);

  useEffect(() => {
    const key = `${offer}/${uid}`;
    if (tried.current === key) return;
    tried.current = key;
    redeem({ OFFER: offer, UID: uid })
      .unwrap()
      .then((response) => navigate(response.success === 1 ? '/cart' : '/', { replace: true }))
      .catch(() => navigate('/', { replace: true }));
  }, [offer, uid, redeem, navigate]);

  return (
    <Page title="Marketing offer">
      <LinearProgress aria-label="Redeeming the offer" />
    </Page>
  );
}
