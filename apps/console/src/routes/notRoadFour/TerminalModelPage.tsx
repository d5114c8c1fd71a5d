import { RegisterPage } from "../baseInfo/registers/RegisterPage";
import { filingScreen } from "./filingScreen";

const SCREEN = filingScreen("terminalModel");

/** /notRoadFour/terminalModel: one of the four filings, on the shared filing screen. */
export default function TerminalModelPage() {
  return <RegisterPage screen={SCREEN} />;
}
