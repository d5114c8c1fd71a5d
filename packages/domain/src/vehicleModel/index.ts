// The vehicle-model catalogue of base information › 车型信息 and 车型能力 (issue 20): the brand
// tree's models with their attributes, and which remote services each supports. Not the MIIT
// announcement model of the new-energy filings (ner/).
export * from "./catalogueModelEdit";
export * from "./modelAbility";
export * from "./modelValues";
