import { RegisterPage } from "../baseInfo/registers/RegisterPage";
import { filingScreen } from "./filingScreen";

const SCREEN = filingScreen("machineRecord");

/** /notRoadFour/machineRecord: one of the four filings, on the shared filing screen. */
export default function MachineRecordPage() {
  return <RegisterPage screen={SCREEN} />;
}
