import * as v from "valibot";
import { isCreditCodeCheckValid as isCreditCode } from "../ner/creditCode";
import { err, ok, type Result } from "../shared/result";
import { FORMAT_MESSAGES, isLandline, isMainlandIdCard, isMobile } from "../validation/formats";
import {
  REALNAME_DECISIONS,
  REALNAME_PHOTO_KINDS,
  REALNAME_PHOTO_LABELS,
  REALNAME_PHOTOS_OF,
  REALNAME_STATE_LABELS,
  type RealnameOwnerType,
  type RealnameState,
} from "./realnameValues";

/** Longest company name (a registered name is at most 50 characters; some branches run longer). */
export const REALNAME_COMPANY_NAME_MAX = 100;
/** Longest reason of a rejection. */
export const REALNAME_REASON_MAX = 200;

export const MSG_REALNAME_OWNER_TYPE = "请选择认证类型";
export const MSG_REALNAME_PERSON_NAME = "请输入2–30个字的姓名（中文或字母，可含·）";
export const MSG_REALNAME_COMPANY_NAME = `请输入2–${REALNAME_COMPANY_NAME_MAX}个字的企业名称`;
export const MSG_REALNAME_ID_CARD = FORMAT_MESSAGES.idCard;
export const MSG_REALNAME_CREDIT_LENGTH = "统一社会信用代码应为18位数字或大写字母";
export const MSG_REALNAME_CREDIT_CHECK = "统一社会信用代码校验位不正确";
export const MSG_REALNAME_PHONE = "请输入正确的联系电话（以1开头的11位手机号，或如010-12345678的固定电话）";
export const MSG_REALNAME_PHOTO_KEY = "照片未上传完成，请重新上传";
export const MSG_REALNAME_REASON_REQUIRED = "请填写驳回原因";
export const MSG_REALNAME_REASON_TOO_LONG = `驳回原因不能超过${REALNAME_REASON_MAX}个字符`;
export const MSG_REALNAME_DECISION = "请选择通过或驳回";
export const MSG_REALNAME_NOT_A_RECORD = "实名认证资料格式不正确";
/** 409 of a submission for a card under review. */
export const MSG_REALNAME_ALREADY_PENDING = "该卡的实名认证正在审核中，请等待审核结果，不能重复提交";
/** 409 of a submission for a card already authenticated. */
export const MSG_REALNAME_ALREADY_APPROVED = "该卡已完成实名认证，不能重复提交";

/** 403 of a review of one's own submission: whoever submits does not approve (four-eyes). */
export const MSG_REALNAME_OWN_SUBMISSION = "不能审核自己提交的实名认证资料，请由其他审核人员审核";

/** `请上传身份证人像面` … */
export const msgRealnamePhotoMissing = (label: string) => `请上传${label}`;
/** A photo of a kind the owner type does not take, or a second one of a kind. */
export const msgRealnamePhotoExtra = (label: string) => `${label}只能上传一张，且须与认证类型相符`;
/** 409 of a review of a record that is not under review. */
export const msgRealnameNotPending = (state: RealnameState) =>
  `该卡的实名认证状态为${REALNAME_STATE_LABELS[state]}，只有审核中的资料可以审核`;

const trimmed = (missing: string) => v.pipe(v.string(missing), v.trim(), v.nonEmpty(missing));
/** One reason per field: the first rule a value breaks (an empty value is not also "too short"). */
const firstReason = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: true });

const PersonName = firstReason(
  v.pipe(trimmed(MSG_REALNAME_PERSON_NAME), v.regex(/^[\u4e00-\u9fa5A-Za-z·• ]{2,30}$/, MSG_REALNAME_PERSON_NAME)),
);
const CompanyName = firstReason(
  v.pipe(
    trimmed(MSG_REALNAME_COMPANY_NAME),
    v.minLength(2, MSG_REALNAME_COMPANY_NAME),
    v.maxLength(REALNAME_COMPANY_NAME_MAX, MSG_REALNAME_COMPANY_NAME),
  ),
);
const IdCardNo = firstReason(
  v.pipe(trimmed(MSG_REALNAME_ID_CARD), v.toUpperCase(), v.check(isMainlandIdCard, MSG_REALNAME_ID_CARD)),
);
const CreditCode = firstReason(
  v.pipe(
    trimmed(MSG_REALNAME_CREDIT_LENGTH),
    v.toUpperCase(),
    v.regex(/^[0-9A-Z]{18}$/, MSG_REALNAME_CREDIT_LENGTH),
    v.check(isCreditCode, MSG_REALNAME_CREDIT_CHECK),
  ),
);
const Phone = firstReason(
  v.pipe(
    trimmed(MSG_REALNAME_PHONE),
    v.check((s) => isMobile(s) || isLandline(s), MSG_REALNAME_PHONE),
  ),
);
const Photo = v.object({
  kind: v.picklist(REALNAME_PHOTO_KINDS, MSG_REALNAME_PHOTO_KEY),
  objectKey: v.pipe(v.string(MSG_REALNAME_PHOTO_KEY), v.nonEmpty(MSG_REALNAME_PHOTO_KEY)),
});

/** The photos of an owner type: one of each kind it needs, nothing else (a reason per photo). */
const photosOf = (type: RealnameOwnerType) =>
  v.pipe(
    v.array(Photo, msgRealnamePhotoMissing(REALNAME_PHOTOS_OF[type].map((k) => REALNAME_PHOTO_LABELS[k]).join("、"))),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const wanted = REALNAME_PHOTOS_OF[type];
      for (const kind of wanted) {
        if (!dataset.value.some((p) => p.kind === kind))
          addIssue({ message: msgRealnamePhotoMissing(REALNAME_PHOTO_LABELS[kind]) });
      }
      for (const kind of REALNAME_PHOTO_KINDS) {
        const count = dataset.value.filter((p) => p.kind === kind).length;
        if (count > (wanted.includes(kind) ? 1 : 0))
          addIssue({ message: msgRealnamePhotoExtra(REALNAME_PHOTO_LABELS[kind]) });
      }
    }),
  );

/**
 * A real-name submission for a SIM card, as the submit dialog sends it and the server checks
 * it (one schema): an individual — name, resident ID number (GB 11643 check character), the
 * ID card's two sides and a photo of the holder with it; a company — registered name, unified
 * social credit code (GB 32100 check character) and the business licence; both a contact
 * phone (mobile or landline). Text is trimmed; an ID's x and a code's letters become capitals.
 */
export const RealnameSubmitSchema = v.variant(
  "ownerType",
  [
    v.object({
      iccid: v.string(),
      ownerType: v.literal("person"),
      ownerName: PersonName,
      certNo: IdCardNo,
      contactPhone: Phone,
      photos: photosOf("person"),
    }),
    v.object({
      iccid: v.string(),
      ownerType: v.literal("company"),
      ownerName: CompanyName,
      certNo: CreditCode,
      contactPhone: Phone,
      photos: photosOf("company"),
    }),
  ],
  MSG_REALNAME_OWNER_TYPE,
);
export type RealnameSubmit = v.InferOutput<typeof RealnameSubmitSchema>;
export type RealnameSubmitField = "iccid" | "ownerType" | "ownerName" | "certNo" | "contactPhone" | "photos";

/** A reviewer's decision on a record under review; a rejection says why. */
export const RealnameReviewSchema = v.pipe(
  v.object({
    iccid: v.string(),
    decision: v.picklist(REALNAME_DECISIONS, MSG_REALNAME_DECISION),
    reason: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(REALNAME_REASON_MAX, MSG_REALNAME_REASON_TOO_LONG))),
      null,
    ),
  }),
  v.forward(
    v.partialCheck(
      [["decision"], ["reason"]],
      (r) => r.decision === "approve" || (r.reason ?? "") !== "",
      MSG_REALNAME_REASON_REQUIRED,
    ),
    ["reason"],
  ),
  // An approval carries no reason: only a rejection is explained to the submitter.
  v.transform((r) => ({ ...r, reason: r.decision === "reject" ? (r.reason as string) : null })),
);
export type RealnameReview = v.InferOutput<typeof RealnameReviewSchema>;

/** One reason a submission or a review is refused, on the field the form marks. */
export interface RealnameProblem {
  field: string;
  msg: string;
}

function checked<T>(schema: v.GenericSchema<unknown, T>, input: unknown): Result<T, RealnameProblem[]> {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return ok(parsed.output);
  return err(
    parsed.issues.map((issue) => ({
      field: issue.path?.map((p) => String(p.key))[0] ?? "",
      msg: issue.message,
    })),
  );
}

/** Checks a submission (never throws): the record, or every reason by field. */
export function checkRealnameSubmit(input: unknown): Result<RealnameSubmit, RealnameProblem[]> {
  if (typeof input !== "object" || input === null) return err([{ field: "", msg: MSG_REALNAME_NOT_A_RECORD }]);
  return checked(RealnameSubmitSchema, input);
}

/** Checks a review (never throws): the decision with its reason (null on approval), or every reason by field. */
export function checkRealnameReview(input: unknown): Result<RealnameReview, RealnameProblem[]> {
  return checked(RealnameReviewSchema, input);
}

/** Why a card in `state` cannot be submitted (409), or null: new and rejected cards can. */
export function realnameSubmitRefusal(state: RealnameState): string | null {
  if (state === "pending") return MSG_REALNAME_ALREADY_PENDING;
  if (state === "approved") return MSG_REALNAME_ALREADY_APPROVED;
  return null;
}

/** Why a card in `state` cannot be reviewed (409), or null: only one under review can. */
export function realnameReviewRefusal(state: RealnameState): string | null {
  return state === "pending" ? null : msgRealnameNotPending(state);
}

/** Why `reviewer` (a username) may not review material `submitter` submitted, or null. */
export function realnameSelfReviewRefusal(submitter: string | null, reviewer: string): string | null {
  return submitter === reviewer ? MSG_REALNAME_OWN_SUBMISSION : null;
}

/** The state a decision leads to. */
export const realnameStateAfter = (decision: RealnameReview["decision"]): RealnameState =>
  decision === "approve" ? "approved" : "rejected";

/**
 * A name as lists show it (personal information, PIPL): an individual's family name and a
 * star (张*, 欧阳*); a company's registered name is public and stays whole.
 */
export function maskRealnameOwner(name: string, type: RealnameOwnerType): string {
  if (type === "company") return name;
  const chars = [...name];
  return `${chars.slice(0, chars.length > 2 ? 2 : 1).join("")}*`;
}

/** A certificate number for someone without the review permission: an ID keeps its region and last four; a credit code is public. */
export function maskRealnameCertNo(certNo: string, type: RealnameOwnerType): string {
  if (type === "company") return certNo;
  if (certNo.length <= 10) return "*".repeat(certNo.length);
  return `${certNo.slice(0, 6)}${"*".repeat(Math.max(0, certNo.length - 10))}${certNo.slice(-4)}`;
}
