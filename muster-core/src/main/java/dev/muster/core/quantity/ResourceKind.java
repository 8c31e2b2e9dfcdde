package dev.muster.core.quantity;

/** Whether a resource is measured in bytes (memory, storage) or counted (cpu, GPUs, pods). */
public enum ResourceKind {
    BYTES,
    COUNT;

    public static ResourceKind of(String resourceName) {
        if (resourceName.equals("cpu")) {
            return COUNT; // the common case, asked of every quantity that messages print
        }
        String n = resourceName.toLowerCase(java.util.Locale.ROOT);
        return n.equals("memory") || n.endsWith("memory") || n.endsWith("storage") || n.startsWith("hugepages-")
                ? BYTES : COUNT;
    }
}
