import type { HandlerTable } from "../../defineHandler";
import type { ServiceModule } from "../../types";
import * as m0017 from "./0017_car_control";
import { downloadCarControlTemplate, importCarControlSubscriptions } from "./import";
import { deleteCarControlPackage, listCarControlPackages, saveCarControlPackage } from "./packages";
import {
  deleteCarControlRemindRule,
  listCarControlReminders,
  listCarControlRemindRules,
  saveCarControlRemindRule,
} from "./remind";
import { seedCarControl } from "./seed";
import {
  addCarControlSubscription,
  exportCarControlSubscriptions,
  listCarControlSubscriptions,
  renewCarControlSubscription,
  stopCarControlSubscription,
  subscriptionExporter,
} from "./subscriptions";

const handlers = {
  listCarControlPackages,
  saveCarControlPackage,
  deleteCarControlPackage,
  listCarControlSubscriptions,
  addCarControlSubscription,
  renewCarControlSubscription,
  stopCarControlSubscription,
  importCarControlSubscriptions,
  downloadCarControlTemplate,
  exportCarControlSubscriptions,
  listCarControlRemindRules,
  saveCarControlRemindRule,
  deleteCarControlRemindRule,
  listCarControlReminders,
} satisfies HandlerTable;

/**
 * 车控服务管理 and 车控提醒 (issue 17): a tsp-command slice. Service packages and per-vehicle
 * subscriptions (the remote-control send path refuses a group the vehicle's subscription in force
 * does not include: `remoteServiceCheck`), reminder rules and the reminders derived on read from
 * the commands that ended failed, expired or cancelled.
 */
export const tspCommandCarControl: ServiceModule = {
  name: "tsp-command",
  migrations: { "tsp-command:0017_car_control": m0017 },
  handlers,
  exporters: { exportCarControlSubscriptions: subscriptionExporter },
  seed: seedCarControl,
};
