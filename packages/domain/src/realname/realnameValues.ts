import { SIM_REALNAME_LABELS, SIM_REALNAME_STATES, type SimRealnameState } from "../simCard/simCardValues";

/**
 * The closed value lists of real-name authentication (实名认证, /auth/index). Designed: the
 * spec names the screen and its list call only (business-areas.md §2, §7); the flow follows
 * MIIT's real-name rules for IoT cards (工信部网安函〔2021〕246号): the card's user is an
 * individual proven by the resident ID card, or a company proven by its business licence.
 */

/** States of a card's real-name authentication: 未认证 → 审核中 → 已认证 / 已驳回 (and 已驳回 → 审核中 again). */
export const REALNAME_STATES = SIM_REALNAME_STATES;
export type RealnameState = SimRealnameState;
/** The SIM card register shows the same names (one list of words for one state). */
export const REALNAME_STATE_LABELS: Readonly<Record<RealnameState, string>> = SIM_REALNAME_LABELS;

/** Who uses the card: an individual (个人) or a company (企业). */
export const REALNAME_OWNER_TYPES = ["person", "company"] as const;
export type RealnameOwnerType = (typeof REALNAME_OWNER_TYPES)[number];
export const REALNAME_OWNER_TYPE_LABELS: Readonly<Record<RealnameOwnerType, string>> = {
  person: "个人",
  company: "企业",
};

/** Photos of the proof: both sides of the ID card and the holder with it, or the business licence. */
export const REALNAME_PHOTO_KINDS = ["idFront", "idBack", "holder", "licence"] as const;
export type RealnamePhotoKind = (typeof REALNAME_PHOTO_KINDS)[number];
export const REALNAME_PHOTO_LABELS: Readonly<Record<RealnamePhotoKind, string>> = {
  idFront: "身份证人像面",
  idBack: "身份证国徽面",
  holder: "手持身份证照片",
  licence: "营业执照",
};
/** The photos each owner type must send, one of each, no others. */
export const REALNAME_PHOTOS_OF: Readonly<Record<RealnameOwnerType, readonly RealnamePhotoKind[]>> = {
  person: ["idFront", "idBack", "holder"],
  company: ["licence"],
};

/** A reviewer's decision: 通过 or 驳回 (a rejection names its reason). */
export const REALNAME_DECISIONS = ["approve", "reject"] as const;
export type RealnameDecision = (typeof REALNAME_DECISIONS)[number];

/** What a record's history holds: each submission and each review. */
export const REALNAME_ACTIONS = ["submit", "approve", "reject"] as const;
export type RealnameAction = (typeof REALNAME_ACTIONS)[number];
export const REALNAME_ACTION_LABELS: Readonly<Record<RealnameAction, string>> = {
  submit: "提交认证",
  approve: "审核通过",
  reject: "审核驳回",
};
