import { PASSWORD_MIN_LENGTH, PHONE_MAX_LENGTH, type Specialty, type Status, type Suffix } from '@contracts/identity';
import { REQUIRED_BANNER, required } from './form';

/**
 * The customer's own fields as the registration form and the account's profile tab hold them (storefront
 * sections 5 and 8, signed-in sections 5 and 8), with their rules and messages, written once.
 */
export interface PersonValues {
  firstname: string;
  lastname: string;
  suffix: string;
  specialty: string;
  status: string;
  phone: string;
  email: string;
  /** Registration: the password; the profile tab: a new one, empty keeps the current one. */
  password: string;
}

export const EMPTY_PERSON: PersonValues = {
  firstname: '',
  lastname: '',
  suffix: '',
  specialty: '',
  status: '',
  phone: '',
  email: '',
  password: '',
};

/** Registration's and the reset screen's short-password message (storefront section 5). */
export const PASSWORD_SHORT = 'Password must be at least 8 characters or more.';

/** The info banner above both forms (signed-in section 8). */
export const PERSON_NOTICE = `${REQUIRED_BANNER} ${PASSWORD_SHORT}`;
/** The spec's own wording: the registration password's title, the profile's short-password message. */
export const PASSWORD_HINT = 'Must be 8 characters of more';
export const PASSWORD_REQUIRED = 'Password is required.';

/** 'new': registration's required password; 'change': the profile's optional new password. */
export type PasswordKind = 'new' | 'change';

// A simple shape check; the server has the last word ("Email must be a valid email address.").
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The react-hook-form rules of each person field. */
export const PERSON_RULES = {
  firstname: { required: required('First Name') },
  lastname: { required: required('Last Name') },
  suffix: {},
  specialty: { required: required('Specialty') },
  status: {},
  phone: {
    // A pasted number keeps its own grouping, its runs of spaces and its ends trimmed; the input takes
    // any length (a field that stops at 20 cut a paste silently), and a longer one gets the message.
    setValueAs: (value: string) => value.replace(/\s+/g, ' ').trim(),
    maxLength: { value: PHONE_MAX_LENGTH, message: `Phone must be at most ${PHONE_MAX_LENGTH} characters.` },
  },
  email: {
    required: required('Email'),
    pattern: { value: EMAIL_SHAPE, message: 'Email must be a valid email address.' },
  },
} as const;

export const PASSWORD_RULES = {
  new: {
    required: PASSWORD_REQUIRED,
    minLength: { value: PASSWORD_MIN_LENGTH, message: PASSWORD_SHORT },
  },
  change: { minLength: { value: PASSWORD_MIN_LENGTH, message: PASSWORD_HINT } },
} as const;

/** What a form sends of the person: texts trimmed, the password as typed, the lists' values typed. */
export interface Person {
  firstname: string;
  lastname: string;
  suffix: Suffix | '';
  specialty: Specialty;
  status: Status | '';
  phone: string;
  email: string;
  password: string;
}

export function personOf(values: PersonValues): Person {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    // The selects offer only the contract's lists, and the form has checked the required specialty.
    suffix: values.suffix as Suffix | '',
    specialty: values.specialty as Specialty,
    status: values.status as Status | '',
    phone: values.phone.trim(),
    email: values.email.trim(),
    password: values.password,
  };
}
