// The fleet simulator's pure model (issue 16): vehicles driving between Chinese cities with
// consistent speed, odometer, SOC, charging, alarms and lost links; the sockets are the server's.
export { bearingDeg, distanceKm, SIM_CITIES, type SimCity } from "./cities";
export {
  antiTamperHappens,
  dieselReadings,
  dieselSamples,
  obdDue,
  SIM_DIESEL,
  type SimEngine,
  simObd,
  startSimEngine,
  stepSimEngine,
} from "./diesel";
export {
  SIM_ALARM_BITS,
  SIM_RULES,
  type SimMode,
  type SimRandom,
  type SimVehicle,
  startSimVehicle,
  stepSimVehicle,
} from "./vehicle";
