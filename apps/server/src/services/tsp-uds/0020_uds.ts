import type { Kysely } from "kysely";

/**
 * UDS诊断 (issue 20): the ECU register — which ECUs each vehicle model has and the CAN ids a
 * T-BOX reaches them on (model_id null: the generic set for vehicles whose model has none).
 * The diagnoses themselves are commands of the command model (gateway_command, kind
 * udsDiagnosis), so history and timeline are one record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("uds_ecu")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("model_id", "integer")
    .addColumn("name", "varchar(30)", (c) => c.notNull())
    .addColumn("request_id", "bigint", (c) => c.notNull())
    .addColumn("response_id", "bigint", (c) => c.notNull())
    .addColumn("sort", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uds_ecu_model").on("uds_ecu").columns(["model_id", "sort"]).execute();
}
