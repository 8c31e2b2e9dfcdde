package dev.muster.bench.apiserver;

import io.fabric8.kubernetes.client.dsl.base.CustomResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesResponseComposer;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.crud.CrudDispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import java.lang.reflect.Field;
import java.net.HttpURLConnection;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * fabric8's CRUD mock API server with an indexed store. The stock dispatcher keeps every object in
 * one map and finds one by testing each key against the request, so each request costs time in
 * proportion to everything stored: at 15,000 workloads the mock alone took 95 % of the CPU. Here the
 * map is {@link IndexedEntries} and the two lookups every write and every named read make (the
 * handlers' {@code findResource}, a GET by name or a list of one resource) use its index. Everything
 * else (patch semantics, status subresource, resource versions, watches) is the stock dispatcher's.
 *
 * <p>The stock dispatcher keeps its map, lock and resource version private; they are reached by
 * reflection, once, in the constructor, which fails loudly if a fabric8 version renames them.
 */
public class IndexedCrudDispatcher extends KubernetesCrudDispatcher {

    private final IndexedEntries entries = new IndexedEntries();
    private final ReadWriteLock lock;
    private final AtomicLong resourceVersion;

    public IndexedCrudDispatcher() {
        this(List.of());
    }

    public IndexedCrudDispatcher(List<CustomResourceDefinitionContext> crds) {
        super(crds);
        set(CrudDispatcher.class, "map", Collections.synchronizedMap(entries));
        this.lock = get(KubernetesCrudDispatcher.class, "lock", ReadWriteLock.class);
        this.resourceVersion = get(KubernetesCrudDispatcher.class, "resourceVersion", AtomicLong.class);
    }

    @Override
    public Map.Entry<AttributeSet, String> findResource(AttributeSet attributes) {
        Collection<AttributeSet> candidates = entries.candidates(attributes);
        if (candidates == null) {
            return super.findResource(attributes);
        }
        for (AttributeSet key : candidates) {
            if (key.matches(attributes)) {
                return new AbstractMap.SimpleImmutableEntry<>(key, entries.get(key));
            }
        }
        return null;
    }

    @Override
    public MockResponse handleGet(String path) {
        if (path.contains("watch=true")) {
            return super.handleGet(path);
        }
        AttributeSet query = attributeExtractor.fromPath(path);
        List<String> items = new ArrayList<>();
        Lock read = lock.readLock();
        read.lock();
        try {
            Collection<AttributeSet> candidates = entries.candidates(query);
            if (candidates == null) {
                return super.handleGet(path);
            }
            for (AttributeSet key : candidates) {
                if (key.matches(query)) {
                    items.add(entries.get(key));
                }
            }
        } finally {
            read.unlock();
        }
        MockResponse response = new MockResponse();
        if (query.containsKey(KubernetesAttributesExtractor.NAME)) {
            return items.isEmpty() ? response.setResponseCode(HttpURLConnection.HTTP_NOT_FOUND)
                    : response.setResponseCode(HttpURLConnection.HTTP_OK).setBody(items.get(0));
        }
        if (items.isEmpty()) {
            return super.handleGet(path); // an empty list, or API discovery: rare, and the stock answer knows both
        }
        return response.setResponseCode(HttpURLConnection.HTTP_OK).setBody(
                ((KubernetesResponseComposer) responseComposer).compose(items, String.valueOf(resourceVersion.get())));
    }

    /** The resourceVersion the store gave last (the mock takes every object's from this one counter). */
    public long currentResourceVersion() {
        return resourceVersion.get();
    }

    private void set(Class<?> owner, String name, Object value) {
        try {
            Field f = owner.getDeclaredField(name);
            f.setAccessible(true);
            f.set(this, value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("fabric8's " + owner.getSimpleName() + " has no field " + name
                    + " any more: the indexed store needs a look", e);
        }
    }

    private <T> T get(Class<?> owner, String name, Class<T> type) {
        try {
            Field f = owner.getDeclaredField(name);
            f.setAccessible(true);
            return type.cast(f.get(this));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("fabric8's " + owner.getSimpleName() + " has no field " + name
                    + " any more: the indexed store needs a look", e);
        }
    }
}
