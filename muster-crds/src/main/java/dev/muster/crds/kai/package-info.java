/** KAI Scheduler's Queue ({@code scheduling.run.ai/v2}) as Muster serves it. */
package dev.muster.crds.kai;
