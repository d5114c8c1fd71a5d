import { useT } from "../../i18n/i18n";

/**
 * The honest page of a screen that is in the route table but not built yet: its title and
 * 暂未开放, inside the shell, so the menu never leads to a blank area or a fake screen.
 */
export function NotAvailablePage({ title }: { title: string }) {
  const t = useT();
  return (
    <section aria-labelledby="not-available-title" className="rounded-md bg-white p-10 text-center shadow-sm">
      <h1 id="not-available-title" className="text-lg font-medium text-gray-800">
        {title}
      </h1>
      <p className="mt-6 text-2xl font-semibold text-gray-500">{t("notAvailable.heading")}</p>
      <p className="mt-2 text-sm text-gray-500">{t("notAvailable.body", { title })}</p>
    </section>
  );
}
