import { APP_BINDING_ROLE_LABELS } from "@tsp/domain";
import { buttonClass, Dialog, inputClass, useToast } from "@tsp/ui";
import { useState } from "react";
import {
  type AppBindingRole,
  type AppUserVehicles,
  appUserVehicles,
  bindAppUserVehicle,
  unbindAppUserVehicle,
} from "../../../api/appUsers";
import { formatDateTime } from "../../../format/dateTime";
import { useT } from "../../../i18n/i18n";
import { Permitted } from "../../../permission/Permitted";

const ROLES = Object.keys(APP_BINDING_ROLE_LABELS) as AppBindingRole[];

/**
 * 车辆 of an app user's row: a dialog with the vehicles the user is bound to (解绑 each, with
 * the unbind permission) and a line binding one more (VIN and role, with the bind permission).
 * The server's refusals (a second owner, a driver without an owner…) are toasted by the shell.
 */
export function AppUserVehiclesButton({ userId, name }: { userId: string; name: string }) {
  const t = useT();
  const toast = useToast();
  const [shown, setShown] = useState<AppUserVehicles | null>(null);
  const [vin, setVin] = useState("");
  const [role, setRole] = useState<AppBindingRole>("owner");
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<AppUserVehicles>, done: string) => {
    setBusy(true);
    try {
      setShown(await call());
      toast.success(done);
      return true;
    } catch {
      // Toasted by the shell.
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={buttonClass("link")}
        onClick={async () => {
          try {
            setShown(await appUserVehicles(userId));
          } catch {
            // Toasted by the shell.
          }
        }}
      >
        {t("appUser.vehicles")}
      </button>
      <Dialog
        open={shown !== null}
        title={`${t("appUser.vehicles")} · ${name}（${userId}）`}
        width={760}
        onClose={() => setShown(null)}
      >
        <table className="w-full text-left text-sm" aria-label={t("appUser.bound")}>
          <thead className="bg-gray-50 text-gray-600">
            <tr>
              <th className="px-3 py-2 font-medium">VIN</th>
              <th className="px-3 py-2 font-medium">{t("appUser.plate")}</th>
              <th className="px-3 py-2 font-medium">{t("appUser.role")}</th>
              <th className="px-3 py-2 font-medium">{t("appUser.boundAt")}</th>
              <th className="px-3 py-2 font-medium">{t("appUser.boundBy")}</th>
              <th className="px-3 py-2 font-medium">{t("kit.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {shown?.list.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-4 text-center text-gray-500">
                  {t("appUser.none")}
                </td>
              </tr>
            )}
            {shown?.list.map((b) => (
              <tr key={b.vin} className="border-t border-gray-100">
                <td className="px-3 py-2 font-mono">{b.vin}</td>
                <td className="px-3 py-2">{b.plate ?? ""}</td>
                <td className="px-3 py-2">{t(`appUser.role.${b.role}`)}</td>
                <td className="px-3 py-2">{formatDateTime(b.boundAt)}</td>
                <td className="px-3 py-2">{b.boundBy ?? ""}</td>
                <td className="px-3 py-2">
                  <Permitted op="unbindAppUserVehicle">
                    <button
                      type="button"
                      className={buttonClass("link", "text-red-600")}
                      disabled={busy}
                      onClick={() => run(() => unbindAppUserVehicle(userId, b.vin), t("appUser.unbound"))}
                    >
                      {t("appUser.unbind")}
                    </button>
                  </Permitted>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Permitted op="bindAppUserVehicle">
          <form
            className="mt-4 flex items-end gap-3 border-t border-gray-200 pt-4"
            onSubmit={async (e) => {
              e.preventDefault();
              if (await run(() => bindAppUserVehicle(userId, vin.trim(), role), t("appUser.bound.done"))) setVin("");
            }}
          >
            <label className="flex flex-col gap-1">
              <span className="text-gray-600">{t("appUser.bindVin")}</span>
              <input
                className={inputClass("w-56 font-mono")}
                maxLength={17}
                required
                minLength={17}
                value={vin}
                onChange={(e) => setVin(e.target.value.toUpperCase())}
              />
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-gray-600">{t("appUser.role")}</span>
              <select
                className={inputClass("w-36")}
                value={role}
                onChange={(e) => setRole(e.target.value as AppBindingRole)}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`appUser.role.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={buttonClass("primary")} disabled={busy}>
              {t("appUser.bind")}
            </button>
          </form>
        </Permitted>
      </Dialog>
    </>
  );
}
