package dev.muster.operator.http;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A server key manager over a PEM certificate and key that reads them again when the files
 * change (a Secret volume renewed by cert-manager), checking at most once per interval, on the
 * next TLS handshake. A pair that cannot be used (half written, mismatched) is skipped with one
 * warning and tried again when the files change again: the last good pair stays in use. Each loaded pair has its own alias, so a handshake that chose an alias gets that
 * pair's key and chain even when a reload happens in between.
 */
final class ReloadingKeyManager extends X509ExtendedKeyManager {

    private static final Logger LOG = LoggerFactory.getLogger(ReloadingKeyManager.class);
    private static final char[] PASSWORD = "muster".toCharArray();

    private record Stamp(Path certReal, FileTime certTime, long certSize, Path keyReal, FileTime keyTime, long keySize) {}

    private record Loaded(String alias, X509ExtendedKeyManager delegate, Stamp stamp) {}

    private final Path certFile;
    private final Path keyFile;
    private final long checkEveryNanos;
    private volatile Loaded current;
    private volatile Loaded previous;
    private long generation;
    private long nextCheck;
    /** Files that failed to load, not tried again until they change once more. */
    private Stamp failed;

    ReloadingKeyManager(Path certFile, Path keyFile, Duration checkEvery) throws IOException, GeneralSecurityException {
        this.certFile = certFile;
        this.keyFile = keyFile;
        this.checkEveryNanos = checkEvery.toNanos();
        Stamp stamp = stamp();
        this.current = load(stamp, ++generation);
        this.nextCheck = System.nanoTime() + checkEveryNanos;
    }

    private Stamp stamp() throws IOException {
        return new Stamp(certFile.toRealPath(), Files.getLastModifiedTime(certFile), Files.size(certFile),
                keyFile.toRealPath(), Files.getLastModifiedTime(keyFile), Files.size(keyFile));
    }

    private Loaded load(Stamp stamp, long gen) throws IOException, GeneralSecurityException {
        List<X509Certificate> chain = PemTls.readCertificates(certFile);
        PrivateKey key = PemTls.readPrivateKey(keyFile);
        PemTls.checkPair(key, chain.get(0));
        String alias = "muster-" + gen;
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry(alias, key, PASSWORD, chain.toArray(X509Certificate[]::new));
        KeyManagerFactory factory = KeyManagerFactory.getInstance("SunX509");
        factory.init(store, PASSWORD);
        for (KeyManager manager : factory.getKeyManagers()) {
            if (manager instanceof X509ExtendedKeyManager extended) {
                return new Loaded(alias, extended, stamp);
            }
        }
        throw new GeneralSecurityException("no X509ExtendedKeyManager from SunX509");
    }

    private Loaded fresh() {
        long now = System.nanoTime();
        synchronized (this) {
            if (now - nextCheck >= 0) {
                nextCheck = now + checkEveryNanos;
                reloadIfChanged();
            }
        }
        return current;
    }

    private void reloadIfChanged() {
        Stamp stamp = null;
        try {
            stamp = stamp();
            if (stamp.equals(current.stamp()) || stamp.equals(failed)) {
                return;
            }
            Loaded loaded = load(stamp, generation + 1);
            generation++;
            previous = current;
            current = loaded;
            LOG.info("TLS certificate reloaded from {} and {}", certFile, keyFile);
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            failed = stamp;
            LOG.warn("TLS files {} and {} changed but cannot be used, keeping the certificate in use: {}",
                    certFile, keyFile, e.toString());
        }
    }

    private X509ExtendedKeyManager byAlias(String alias) {
        Loaded now = current;
        if (now.alias().equals(alias)) {
            return now.delegate();
        }
        Loaded before = previous;
        if (before != null && before.alias().equals(alias)) {
            return before.delegate();
        }
        return null;
    }

    @Override
    public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
        return fresh().delegate().chooseServerAlias(keyType, issuers, socket);
    }

    @Override
    public String chooseEngineServerAlias(String keyType, Principal[] issuers, SSLEngine engine) {
        return fresh().delegate().chooseEngineServerAlias(keyType, issuers, engine);
    }

    @Override
    public String[] getServerAliases(String keyType, Principal[] issuers) {
        return fresh().delegate().getServerAliases(keyType, issuers);
    }

    @Override
    public X509Certificate[] getCertificateChain(String alias) {
        X509ExtendedKeyManager delegate = byAlias(alias);
        return delegate == null ? null : delegate.getCertificateChain(alias);
    }

    @Override
    public PrivateKey getPrivateKey(String alias) {
        X509ExtendedKeyManager delegate = byAlias(alias);
        return delegate == null ? null : delegate.getPrivateKey(alias);
    }

    @Override
    public String[] getClientAliases(String keyType, Principal[] issuers) {
        return null;
    }

    @Override
    public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
        return null;
    }

    @Override
    public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
        return null;
    }
}
