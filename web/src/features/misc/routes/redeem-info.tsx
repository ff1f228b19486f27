import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { Page } from '@/components/page';
import { AppLink } from '@/components/router-link';

/** redeem-info (storefront section 2): the five steps of activating a book's videos. */
export default function RedeemInfoRoute() {
  return (
    <Page title="Redeem a Book Code">
      <Typography sx={{ mb: 2 }}>
        Every printed book comes with a one-time code that adds its videos to your streaming account.
      </Typography>
      <Stepper orientation="vertical" activeStep={-1} component="ol" sx={{ pl: 0 }}>
        {[
          {
            label: 'Step 1: Scratch off the activation strip',
            text: <>Find the activation strip inside the book cover and scratch it off to reveal your code.</>,
          },
          {
            label: 'Step 2: Go to the redeem page',
            text: (
              <>
                Open the <AppLink to="/redeem">redeem page</AppLink> (log in or create an account first).
              </>
            ),
          },
          {
            label: 'Step 3: Enter the code and submit',
            text: (
              <>Enter the one-time code and submit it. This permanently adds the videos to your streaming account.</>
            ),
          },
          {
            label: 'Step 4: Use the Stream link',
            text: <>Use the Stream link in the navigation to watch the videos.</>,
          },
          {
            label: 'Step 5: Watch anywhere',
            text: <>Log in at any time, on any device, to watch again.</>,
          },
        ].map((step) => (
          <Step key={step.label} active expanded component="li" sx={{ listStyle: 'none' }}>
            <StepLabel>{step.label}</StepLabel>
            <StepContent>
              <Typography>{step.text}</Typography>
            </StepContent>
          </Step>
        ))}
      </Stepper>
    </Page>
  );
}
