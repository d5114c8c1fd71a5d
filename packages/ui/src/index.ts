export { EmptyState } from "./feedback/EmptyState";
