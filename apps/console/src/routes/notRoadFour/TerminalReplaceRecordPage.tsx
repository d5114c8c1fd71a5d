import { RegisterPage } from "../baseInfo/registers/RegisterPage";
import { filingScreen } from "./filingScreen";

const SCREEN = filingScreen("terminalReplaceRecord");

/** /notRoadFour/terminalReplaceRecord: one of the four filings, on the shared filing screen. */
export default function TerminalReplaceRecordPage() {
  return <RegisterPage screen={SCREEN} />;
}
