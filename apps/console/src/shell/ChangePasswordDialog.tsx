import { ValueTooLongError } from "@tsp/sdk";
import { Dialog, inputClass, useToast } from "@tsp/ui";
import { useId, useState } from "react";
import { modifyPassword } from "../api/account";
import { errorMessage } from "../app/errorMessage";
import { useT } from "../i18n/i18n";
import { type PasswordForm, passwordProblems } from "./passwordRules";

const EMPTY: PasswordForm = { oldPassword: "", newPassword: "", confirmPassword: "" };

/**
 * 修改密码 (spec §7 modifyPassword): old, new and confirmation, checked as the person types
 * once they have tried to confirm; both passwords leave the browser RSA-OAEP encrypted with
 * the key of getPubKey. A refusal from the server (e.g. 原密码不正确) is toasted by the shell
 * and the dialog stays open with what was typed.
 */
export default function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const toast = useToast();
  const [form, setForm] = useState<PasswordForm>(EMPTY);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problems = passwordProblems(form);
  const close = () => {
    setForm(EMPTY);
    setTried(false);
    onClose();
  };
  const confirm = async () => {
    setTried(true);
    if (Object.keys(problems).length > 0 || busy) return;
    setBusy(true);
    try {
      await modifyPassword(form.oldPassword, form.newPassword);
      toast.success(t("password.done"));
      close();
    } catch (error) {
      // A call's failure was already toasted by the SDK's onError hook; encryption fails before
      // any call (a value too long for the key), so nothing has said so yet.
      if (error instanceof ValueTooLongError) toast.error(errorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      title={t("password.title")}
      onClose={close}
      onConfirm={confirm}
      confirmDisabled={busy}
      width={440}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <PasswordField
          label={t("password.old")}
          value={form.oldPassword}
          error={tried ? problems.oldPassword : undefined}
          autoComplete="current-password"
          onChange={(v) => setForm({ ...form, oldPassword: v })}
        />
        <PasswordField
          label={t("password.new")}
          value={form.newPassword}
          error={tried ? problems.newPassword : undefined}
          autoComplete="new-password"
          onChange={(v) => setForm({ ...form, newPassword: v })}
          hint={t("password.rule")}
        />
        <PasswordField
          label={t("password.confirm")}
          value={form.confirmPassword}
          error={tried ? problems.confirmPassword : undefined}
          autoComplete="new-password"
          onChange={(v) => setForm({ ...form, confirmPassword: v })}
        />
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

function PasswordField({
  label,
  value,
  error,
  hint,
  autoComplete,
  onChange,
}: {
  label: string;
  value: string;
  error: Parameters<ReturnType<typeof useT>>[0] | undefined;
  hint?: string;
  autoComplete: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm text-gray-600">
        {label}
      </label>
      <input
        id={id}
        type="password"
        className={inputClass("w-full", Boolean(error))}
        value={value}
        maxLength={32}
        autoComplete={autoComplete}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-msg`}
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-msg`} className={error ? "text-xs text-red-600" : "text-xs text-gray-500"}>
        {error ? t(error) : (hint ?? "")}
      </span>
    </div>
  );
}
