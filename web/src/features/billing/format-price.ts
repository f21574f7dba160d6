// Pricing screen price: stored minor units (paise) / 100, in rupees (spec section 9).
export function formatPlanPrice(minorUnits: number): string {
  const rupees = minorUnits / 100;
  return `₹${Number.isInteger(rupees) ? rupees : rupees.toFixed(2)}`;
}
