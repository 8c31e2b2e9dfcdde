package dev.muster.operator.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.muster.operator.webhook.SuspendOnCreate;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** TLS from the PEM files of a kubernetes.io/tls Secret; the key pairs come from openssl. */
class PemTlsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path keys;

    @BeforeAll
    static void makeKeys() throws Exception {
        assumeTrue(TestTls.opensslAvailable(), "openssl is not installed: PEM tests skipped");
        TestTls.opensslPair(keys, "rsa", "rsa:2048", "muster-webhook");
        TestTls.opensslTraditional(keys, "rsa.key", "rsa-pkcs1.key");
        TestTls.opensslPair(keys, "ec", "ec", "muster-webhook");
        TestTls.opensslTraditional(keys, "ec.key", "ec-sec1.key");
        TestTls.opensslPair(keys, "ed", "ed25519", "muster-webhook");
        TestTls.opensslPair(keys, "renewed", "rsa:2048", "muster-webhook-renewed");
    }

    /** A directory laid out as a mounted kubernetes.io/tls Secret. */
    private static Path secret(Path parent, String cert, String key) throws Exception {
        Path dir = Files.createTempDirectory(parent, "tls");
        Files.copy(keys.resolve(cert), dir.resolve("tls.crt"));
        Files.copy(keys.resolve(key), dir.resolve("tls.key"));
        return dir;
    }

    @ParameterizedTest(name = "{0} ({1})")
    @CsvSource({
        "rsa.key,       BEGIN PRIVATE KEY,     RSA",
        "rsa-pkcs1.key, BEGIN RSA PRIVATE KEY, RSA",
        "ec.key,        BEGIN PRIVATE KEY,     EC",
        "ec-sec1.key,   BEGIN EC PRIVATE KEY,  EC",
        "ed.key,        BEGIN PRIVATE KEY,     EdDSA"})
    void readsPrivateKeysInTheEncodingsOpensslAndCertManagerWrite(String file, String header, String algorithm)
            throws Exception {
        assertThat(TestTls.read(keys.resolve(file))).contains("-----" + header + "-----");

        PrivateKey key = PemTls.readPrivateKey(keys.resolve(file));

        assertThat(key.getAlgorithm()).isEqualTo(algorithm);
        String pair = file.substring(0, file.indexOf(file.contains("-") ? '-' : '.'));
        PemTls.checkPair(key, PemTls.readCertificates(keys.resolve(pair + ".crt")).get(0));
    }

    @Test
    void readsTheCertificateChainInFileOrder() throws Exception {
        Path chain = Files.createTempFile(keys, "chain", ".crt");
        Files.writeString(chain, TestTls.read(keys.resolve("rsa.crt")) + TestTls.read(keys.resolve("ec.crt")));

        List<X509Certificate> certificates = PemTls.readCertificates(chain);

        assertThat(certificates).hasSize(2);
        assertThat(certificates.get(0).getPublicKey().getAlgorithm()).isEqualTo("RSA");
        assertThat(certificates.get(1).getPublicKey().getAlgorithm()).isEqualTo("EC");
    }

    @Test
    void aFileWithoutCertificateIsRefused() {
        assertThatThrownBy(() -> PemTls.readCertificates(keys.resolve("rsa.key")))
                .isInstanceOf(CertificateException.class)
                .hasMessageContaining("no PEM block BEGIN CERTIFICATE");
    }

    @Test
    void aFileWithoutPrivateKeyIsRefused() {
        assertThatThrownBy(() -> PemTls.readPrivateKey(keys.resolve("rsa.crt")))
                .isInstanceOf(GeneralSecurityException.class)
                .hasMessageContaining("no PEM block BEGIN PRIVATE KEY");
    }

    @Test
    void anEncryptedKeyIsRefusedWithAMessage() throws Exception {
        TestTls.run(keys, "openssl", "pkcs8", "-topk8", "-in", "rsa.key", "-out", "encrypted.key",
                "-passout", "pass:secret");

        assertThatThrownBy(() -> PemTls.readPrivateKey(keys.resolve("encrypted.key")))
                .isInstanceOf(GeneralSecurityException.class)
                .hasMessageContaining("encrypted");
    }

    @Test
    void aKeyThatIsNotTheCertificatesIsRefused(@TempDir Path tmp) throws Exception {
        Path dir = secret(tmp, "rsa.crt", "renewed.key");

        assertThatThrownBy(() -> PemTls.serverContext(dir))
                .isInstanceOf(GeneralSecurityException.class)
                .hasMessageContaining("does not belong to the certificate");
    }

    @ParameterizedTest(name = "{0} with {1}")
    @CsvSource({"rsa.crt, rsa-pkcs1.key", "rsa.crt, rsa.key", "ec.crt, ec-sec1.key"})
    void theWebhookServesHttpsFromTheSecretDirectory(String cert, String key, @TempDir Path tmp) throws Exception {
        Path dir = secret(tmp, cert, key);
        X509Certificate certificate = PemTls.readCertificates(dir.resolve("tls.crt")).get(0);

        try (WebhookServer server = new WebhookServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        PemTls.serverContext(dir), new SuspendOnCreate()).start();
                HttpClient client = HttpClient.newBuilder().sslContext(TestTls.trusting(certificate)).build()) {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.port() + "/mutate"))
                            .POST(HttpRequest.BodyPublishers.ofString(WebhookServerTest.QUEUED_RAYJOB_REVIEW)).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(response.statusCode()).isEqualTo(200);
            JsonNode answer = JSON.readTree(response.body());
            assertThat(answer.at("/response/patchType").asText()).isEqualTo("JSONPatch");
        }
    }

    @Test
    void withPemDirectoryReadsTlsCrtAndTlsKey(@TempDir Path tmp) throws Exception {
        Path dir = secret(tmp, "rsa.crt", "rsa-pkcs1.key");

        try (WebhookServer server = WebhookServer.withPemDirectory(0, dir, new SuspendOnCreate())) {
            assertThat(server.port()).isPositive();
        }
    }

    @Test
    void aRenewedCertificateIsServedWithoutARestart(@TempDir Path tmp) throws Exception {
        Path dir = secret(tmp, "rsa.crt", "rsa.key");
        X509Certificate first = PemTls.readCertificates(keys.resolve("rsa.crt")).get(0);
        X509Certificate renewed = PemTls.readCertificates(keys.resolve("renewed.crt")).get(0);

        try (WebhookServer server = new WebhookServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                PemTls.serverContext(dir.resolve("tls.crt"), dir.resolve("tls.key"), Duration.ZERO),
                new SuspendOnCreate()).start()) {
            assertThat(presented(server, first, renewed)).isEqualTo(first);

            replace(dir.resolve("tls.crt"), keys.resolve("renewed.crt"));
            replace(dir.resolve("tls.key"), keys.resolve("renewed.key"));

            assertThat(presented(server, first, renewed)).isEqualTo(renewed);
        }
    }

    @Test
    void aHalfWrittenRenewalKeepsTheCertificateInUseUntilTheKeyFollows(@TempDir Path tmp) throws Exception {
        Path dir = secret(tmp, "rsa.crt", "rsa.key");
        X509Certificate first = PemTls.readCertificates(keys.resolve("rsa.crt")).get(0);
        X509Certificate renewed = PemTls.readCertificates(keys.resolve("renewed.crt")).get(0);

        try (WebhookServer server = new WebhookServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                PemTls.serverContext(dir.resolve("tls.crt"), dir.resolve("tls.key"), Duration.ZERO),
                new SuspendOnCreate()).start()) {
            replace(dir.resolve("tls.crt"), keys.resolve("renewed.crt"));

            assertThat(presented(server, first, renewed)).isEqualTo(first);
            assertThat(presented(server, first, renewed)).isEqualTo(first);

            replace(dir.resolve("tls.key"), keys.resolve("renewed.key"));

            assertThat(presented(server, first, renewed)).isEqualTo(renewed);
        }
    }

    /** Replaces a file and moves its modification time on, as a Secret volume update does. */
    private static void replace(Path target, Path source) throws Exception {
        Path staged = target.resolveSibling(target.getFileName() + ".new");
        Files.copy(source, staged, StandardCopyOption.REPLACE_EXISTING);
        Files.setLastModifiedTime(staged, FileTime.from(Instant.now().plusSeconds(60)));
        Files.move(staged, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The certificate the server presents to a new connection. */
    private static X509Certificate presented(WebhookServer server, X509Certificate... trusted) throws Exception {
        try (HttpClient client = HttpClient.newBuilder().sslContext(TestTls.trusting(trusted)).build()) {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(URI.create("https://127.0.0.1:" + server.port() + "/mutate"))
                            .POST(HttpRequest.BodyPublishers.ofString(WebhookServerTest.QUEUED_RAYJOB_REVIEW)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            return (X509Certificate) response.sslSession().orElseThrow().getPeerCertificates()[0];
        }
    }
}
