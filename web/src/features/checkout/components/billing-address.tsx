import Typography from '@mui/material/Typography';
import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';
import type { ReferenceData } from '@contracts/catalog';
import { AddressFields } from '@/components/address-fields';

/** The "different billing address" block of checkout (signed-in sections 2 and 4), the same on both steps. */
export function BillingAddressSection<T extends FieldValues>({
  register,
  errors,
  reference,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors;
  reference: ReferenceData | undefined;
}) {
  return (
    <section aria-labelledby="billing-heading">
      <Typography id="billing-heading" variant="h6" component="h2" gutterBottom>
        Billing address
      </Typography>
      <AddressFields
        prefix="billing."
        register={register}
        errors={errors}
        reference={reference}
        labelPrefix="Billing "
        section="billing"
      />
    </section>
  );
}
