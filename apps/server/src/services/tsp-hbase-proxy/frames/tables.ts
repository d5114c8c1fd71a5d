import type { Generated } from "kysely";

/** The collection tasks of 历史数据采集 (migration tsp-hbase-proxy:0010_history_collection). */
declare module "../../../db/schema" {
  interface Database {
    hbase_history_collection: HistoryCollectionTable;
  }
}

/** One collection: a VIN's raw frames over a range, written by the export worker. */
export interface HistoryCollectionTable {
  id: Generated<number>;
  tenant_id: number;
  vin: string;
  start_time: number;
  end_time: number;
  remark: string;
  /** The export task that writes the file (export_task.id). */
  export_task_id: string;
  account_id: number;
  created_by: string;
  created_at: number;
}
