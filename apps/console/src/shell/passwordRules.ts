import type { MessageKey } from "../i18n/i18n";

/** The change-password form. */
export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Message keys per field; empty when the form may be sent. */
export type PasswordProblems = Partial<Record<keyof PasswordForm, MessageKey>>;

/**
 * The server's password policy (openapi/b-iam-account.yaml modifyPassword: 8–32 characters with
 * at least three of upper-case, lower-case, digits, symbols; different from the old one), checked
 * before sending so a person hears it at once, plus the confirmation the server never sees.
 * The spec shows no policy; @tsp/domain has none, so it lives beside the form that needs it.
 */
export function passwordProblems(form: PasswordForm): PasswordProblems {
  const problems: PasswordProblems = {};
  if (!form.oldPassword) problems.oldPassword = "password.oldRequired";
  const pw = form.newPassword;
  if (!pw) problems.newPassword = "password.newRequired";
  else {
    const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(pw)).length;
    if (pw.length < 8 || pw.length > 32 || classes < 3) problems.newPassword = "password.rule";
    else if (pw === form.oldPassword) problems.newPassword = "password.same";
  }
  if (!form.confirmPassword) problems.confirmPassword = "password.confirmRequired";
  else if (form.confirmPassword !== pw) problems.confirmPassword = "password.mismatch";
  return problems;
}
