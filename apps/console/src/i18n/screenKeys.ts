/**
 * Every key of the screens' catalogues (`screens/<area>.ts`), as a type only: the words load with
 * the screens that import them, but `t()` is checked against all of them. Keep one line per file
 * (`tests/tooling/screenTexts.test.ts` checks that every catalogue is listed).
 */
import type { carControlText } from "./screens/carControl";
import type { commandsText } from "./screens/commands";
import type { contentText } from "./screens/content";
import type { dataServiceText } from "./screens/dataService";
import type { dataServiceFramesText } from "./screens/dataServiceFrames";
import type { dealerText } from "./screens/dealer";
import type { deviceHealthText } from "./screens/deviceHealth";
import type { deviceManageText } from "./screens/deviceManage";
import type { enclosureText } from "./screens/enclosure";
import type { fleetText } from "./screens/fleet";
import type { forwardStatistText } from "./screens/forwardStatist";
import type { leaseText } from "./screens/lease";
import type { machineryText } from "./screens/machinery";
import type { machineryReliabilityText } from "./screens/machineryReliability";
import type { machineryStatsText } from "./screens/machineryStats";
import type { monitorText } from "./screens/monitor";
import type { multimediaText } from "./screens/multimedia";
import type { nerText } from "./screens/ner";
import type { notRoadFourText } from "./screens/notRoadFour";
import type { nr4ActivationText } from "./screens/nr4Activation";
import type { operateAlarmsText } from "./screens/operateAlarms";
import type { otaText } from "./screens/ota";
import type { permitAccountsText } from "./screens/permitAccounts";
import type { permitTenantsLogText } from "./screens/permitTenantsLog";
import type { realnameText } from "./screens/realname";
import type { registersText } from "./screens/registers";
import type { registersRestText } from "./screens/registersRest";
import type { registersStateText } from "./screens/registersState";
import type { serviceStationText } from "./screens/serviceStation";
import type { tboxText } from "./screens/tbox";
import type { tboxJournalsText } from "./screens/tboxJournals";
import type { tboxJournals2Text } from "./screens/tboxJournals2";
import type { tboxJournals3Text } from "./screens/tboxJournals3";
import type { terminalParamText } from "./screens/terminalParams";
import type { trackText } from "./screens/track";
import type { udsText } from "./screens/uds";
import type { vehicleAbilityText } from "./screens/vehicleAbility";
import type { vehicleInfoText } from "./screens/vehicleInfo";
import type { vehicleSaleText } from "./screens/vehicleSale";
import type { vehicleStateText } from "./screens/vehicleState";

export type ScreenMessageKey =
  | keyof (typeof carControlText)["zh"]
  | keyof (typeof commandsText)["zh"]
  | keyof (typeof contentText)["zh"]
  | keyof (typeof dataServiceText)["zh"]
  | keyof (typeof dataServiceFramesText)["zh"]
  | keyof (typeof dealerText)["zh"]
  | keyof (typeof deviceHealthText)["zh"]
  | keyof (typeof deviceManageText)["zh"]
  | keyof (typeof enclosureText)["zh"]
  | keyof (typeof fleetText)["zh"]
  | keyof (typeof forwardStatistText)["zh"]
  | keyof (typeof leaseText)["zh"]
  | keyof (typeof machineryText)["zh"]
  | keyof (typeof machineryReliabilityText)["zh"]
  | keyof (typeof machineryStatsText)["zh"]
  | keyof (typeof monitorText)["zh"]
  | keyof (typeof multimediaText)["zh"]
  | keyof (typeof nerText)["zh"]
  | keyof (typeof notRoadFourText)["zh"]
  | keyof (typeof nr4ActivationText)["zh"]
  | keyof (typeof operateAlarmsText)["zh"]
  | keyof (typeof otaText)["zh"]
  | keyof (typeof permitAccountsText)["zh"]
  | keyof (typeof permitTenantsLogText)["zh"]
  | keyof (typeof realnameText)["zh"]
  | keyof (typeof registersText)["zh"]
  | keyof (typeof registersRestText)["zh"]
  | keyof (typeof registersStateText)["zh"]
  | keyof (typeof serviceStationText)["zh"]
  | keyof (typeof tboxText)["zh"]
  | keyof (typeof tboxJournalsText)["zh"]
  | keyof (typeof tboxJournals2Text)["zh"]
  | keyof (typeof tboxJournals3Text)["zh"]
  | keyof (typeof terminalParamText)["zh"]
  | keyof (typeof trackText)["zh"]
  | keyof (typeof udsText)["zh"]
  | keyof (typeof vehicleAbilityText)["zh"]
  | keyof (typeof vehicleInfoText)["zh"]
  | keyof (typeof vehicleSaleText)["zh"]
  | keyof (typeof vehicleStateText)["zh"];
