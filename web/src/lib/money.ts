const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money travels as integer cents (libs/contracts/catalog.ts); only the web app formats it. */
export const formatUsd = (cents: number): string => usd.format(cents / 100);
