import { RegisterPage } from "../baseInfo/registers/RegisterPage";
import { filingScreen } from "./filingScreen";

const SCREEN = filingScreen("chipModel");

/** /notRoadFour/chipModel: one of the four filings, on the shared filing screen. */
export default function ChipModelPage() {
  return <RegisterPage screen={SCREEN} />;
}
