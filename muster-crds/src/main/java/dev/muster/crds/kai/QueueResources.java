package dev.muster.crds.kai;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/** Quota, limit and over-quota weight of each resource of a queue. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"gpu", "cpu", "memory"})
public class QueueResources {

    /** GPUs, in devices (fractions allowed). */
    @JsonPropertyDescription("GPUs, in devices (fractions allowed).")
    private QueueResource gpu;

    /** CPU, in millicores. */
    @JsonPropertyDescription("CPU, in millicores.")
    private QueueResource cpu;

    /** Memory, in megabytes (10^6 bytes). */
    @JsonPropertyDescription("Memory, in megabytes (10^6 bytes).")
    private QueueResource memory;

    public QueueResources() {
    }

    public QueueResource getGpu() {
        return gpu;
    }

    public void setGpu(QueueResource gpu) {
        this.gpu = gpu;
    }

    public QueueResource getCpu() {
        return cpu;
    }

    public void setCpu(QueueResource cpu) {
        this.cpu = cpu;
    }

    public QueueResource getMemory() {
        return memory;
    }

    public void setMemory(QueueResource memory) {
        this.memory = memory;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof QueueResources other)) {
            return false;
        }
        return Objects.equals(gpu, other.gpu)
                && Objects.equals(cpu, other.cpu)
                && Objects.equals(memory, other.memory);
    }

    @Override
    public int hashCode() {
        return Objects.hash(gpu, cpu, memory);
    }

    @Override
    public String toString() {
        return "QueueResources{gpu=" + gpu + ", cpu=" + cpu + ", memory=" + memory + "}";
    }
}
