import { RegisterPage } from "../baseInfo/registers/RegisterPage";
import { filingScreen } from "./filingScreen";
import "../../i18n/screens/notRoadFour";
import "../../i18n/screens/nr4Activation";
import "../../i18n/screens/registers";

const SCREEN = filingScreen("machineRecord");

/** /notRoadFour/machineRecord: one of the four filings, on the shared filing screen. */
export default function MachineRecordPage() {
  return <RegisterPage screen={SCREEN} />;
}
