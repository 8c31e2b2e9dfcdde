package dev.muster.operator.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** Self-signed certificates for the tests, from the JDK's keytool or from openssl. */
public final class TestTls {

    static final char[] PASSWORD = "changeit".toCharArray();
    /** Names the test certificates are valid for. */
    static final String SAN = "DNS:localhost,IP:127.0.0.1";

    private TestTls() {}

    /** A server context and the certificate it presents, made with the running JDK's keytool. */
    public record ServerTls(SSLContext context, X509Certificate certificate) {}

    public static ServerTls keytoolServer(Path dir) throws IOException, GeneralSecurityException, InterruptedException {
        Path store = dir.resolve("server.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        run(dir, keytool, "-genkeypair", "-alias", "muster", "-keyalg", "RSA", "-keysize", "2048",
                "-dname", "CN=muster-webhook", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD));
        KeyStore keyStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keyStore.load(in, PASSWORD);
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(keyStore, PASSWORD);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), null, null);
        return new ServerTls(context, (X509Certificate) keyStore.getCertificate("muster"));
    }

    /** A client context that trusts exactly these certificates. */
    public static SSLContext trusting(X509Certificate... certificates) throws GeneralSecurityException, IOException {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        for (int i = 0; i < certificates.length; i++) {
            trust.setCertificateEntry("trusted-" + i, certificates[i]);
        }
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, factory.getTrustManagers(), null);
        return context;
    }

    static boolean opensslAvailable() {
        try {
            Process p = new ProcessBuilder("openssl", "version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /**
     * A self-signed certificate {@code <name>.crt} and its PKCS#8 key {@code <name>.key} in
     * {@code dir}, made by openssl; {@code keySpec} is {@code rsa:2048}, {@code ec} (P-256) or
     * {@code ed25519}.
     */
    static void opensslPair(Path dir, String name, String keySpec, String commonName)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("openssl", "req", "-x509", "-newkey",
                keySpec.equals("ec") ? "ec" : keySpec));
        if (keySpec.equals("ec")) {
            command.addAll(List.of("-pkeyopt", "ec_paramgen_curve:prime256v1"));
        }
        command.addAll(List.of("-nodes", "-days", "2", "-subj", "/CN=" + commonName,
                "-addext", "subjectAltName=" + SAN,
                "-keyout", name + ".key", "-out", name + ".crt"));
        run(dir, command.toArray(String[]::new));
    }

    /** Rewrites a PKCS#8 key in the traditional encoding: PKCS#1 for RSA, SEC 1 for EC. */
    static void opensslTraditional(Path dir, String in, String out) throws IOException, InterruptedException {
        run(dir, "openssl", "pkey", "-in", in, "-traditional", "-out", out);
    }

    static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII);
    }

    static void run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed:\n" + output);
        }
    }
}
