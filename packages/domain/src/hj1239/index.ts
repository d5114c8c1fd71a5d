// HJ 1239.3 frames (燃油车国标数据; telematics-facts.md §3): heavy-duty diesel emission data.
export {
  HJ1239_COMMAND,
  HJ1239_ENCRYPTION,
  HJ1239_INFO_TYPE,
  hj1239CommandName,
  hj1239InfoTypeName,
  MIL_STATES,
  OBD_PROTOCOLS,
} from "./codes";
export { decodeHj1239Frame, encodeHj1239Frame, HJ1239_HEADER_LENGTH, type Hj1239Frame } from "./frame";
export {
  type DecodedHj1239,
  type DieselReadings,
  decodeHj1239Body,
  decodeHj1239Message,
  encodeHj1239Answer,
  encodeHj1239AntiTamper,
  encodeHj1239Login,
  encodeHj1239Logout,
  encodeHj1239Realtime,
  type Hj1239Body,
  type Hj1239Item,
  type Hj1239ItemToWrite,
  type Hj1239Reading,
  type Hj1239Signature,
  type Hj1239Terminal,
  type ObdReadings,
} from "./message";
export type { DieselStream, Hj1239Position, HybridStream, IdField, ObdInfo, TwcStream } from "./realtime";
