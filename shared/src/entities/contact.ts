/**
 * The address block shared by clients, suppliers and companies (spec section 3): e-mail, phone,
 * postal address with the country defaulting to France, SIRET and VAT number.
 */
import {
  boundedText,
  defaultedField,
  emailField,
  optionalField,
  TEXT_MAX_LENGTH,
  textField,
} from '../fields.js';
import { DEFAULT_COUNTRY } from '../enums.js';

export { DEFAULT_COUNTRY } from '../enums.js';

/** A country: trimmed text; blank or missing reads as France. */
export const countryField = defaultedField(boundedText(TEXT_MAX_LENGTH), DEFAULT_COUNTRY);

/** email, phone, address, city, postalCode, country, siret, vatNumber: all optional but the country. */
export const contactFields = {
  email: optionalField(emailField()),
  phone: textField,
  address: textField,
  city: textField,
  postalCode: textField,
  country: countryField,
  siret: textField,
  vatNumber: textField,
};
