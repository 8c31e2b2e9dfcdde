package dev.muster.operator.http;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;

/**
 * TLS material from PEM files, as a {@code kubernetes.io/tls} Secret holds it ({@code tls.crt}:
 * the certificate, then any intermediates; {@code tls.key}: its private key).
 *
 * <p>Private keys are read in these encodings:
 * <ul>
 *   <li>{@code BEGIN PRIVATE KEY}: PKCS#8, RSA, EC or EdDSA (OpenSSL 3's default, cert-manager's
 *       {@code encoding: PKCS8});</li>
 *   <li>{@code BEGIN RSA PRIVATE KEY}: PKCS#1 RSA (cert-manager's default encoding for RSA);</li>
 *   <li>{@code BEGIN EC PRIVATE KEY}: SEC 1 EC with named-curve parameters (cert-manager's
 *       default encoding for ECDSA).</li>
 * </ul>
 * Encrypted keys ({@code BEGIN ENCRYPTED PRIVATE KEY}, or PKCS#1 with {@code Proc-Type} headers)
 * are refused with a message: a key in a Secret is not encrypted.
 */
public final class PemTls {

    /** The certificate file of a {@code kubernetes.io/tls} Secret. */
    public static final String CERT_FILE = "tls.crt";
    /** The private key file of a {@code kubernetes.io/tls} Secret. */
    public static final String KEY_FILE = "tls.key";
    /** How often a server context looks at the files for a renewed certificate. */
    public static final Duration DEFAULT_RELOAD_CHECK = Duration.ofSeconds(10);

    private static final Pattern BLOCK = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]+)-----(.*?)-----END \\1-----", Pattern.DOTALL);

    private static final byte[] OID_RSA_ENCRYPTION = {
        0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01};
    private static final byte[] OID_EC_PUBLIC_KEY = {
        0x06, 0x07, 0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x02, 0x01};

    private PemTls() {}

    /**
     * A server {@link SSLContext} presenting {@code tls.crt} with {@code tls.key} from the
     * directory, which picks up a renewed pair (a Secret volume updated in place) within
     * {@link #DEFAULT_RELOAD_CHECK}, without a restart.
     *
     * @throws IOException when a file cannot be read
     * @throws GeneralSecurityException when the files hold no usable certificate or key, or the
     *     key is not the certificate's
     */
    public static SSLContext serverContext(Path directory) throws IOException, GeneralSecurityException {
        return serverContext(directory.resolve(CERT_FILE), directory.resolve(KEY_FILE), DEFAULT_RELOAD_CHECK);
    }

    /** As {@link #serverContext(Path)}, with the files and the reload check interval given. */
    public static SSLContext serverContext(Path certFile, Path keyFile, Duration reloadCheck)
            throws IOException, GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(new KeyManager[] {new ReloadingKeyManager(certFile, keyFile, reloadCheck)}, null, null);
        return context;
    }

    /** The certificates of a PEM file, in file order (leaf first in a {@code tls.crt}). */
    public static List<X509Certificate> readCertificates(Path pemFile) throws IOException, CertificateException {
        List<X509Certificate> certificates = parseCertificates(Files.readString(pemFile, StandardCharsets.US_ASCII));
        if (certificates.isEmpty()) {
            throw new CertificateException(pemFile + " holds no PEM block BEGIN CERTIFICATE");
        }
        return certificates;
    }

    /** The first private key of a PEM file, in any of the encodings this class reads. */
    public static PrivateKey readPrivateKey(Path pemFile) throws IOException, GeneralSecurityException {
        try {
            return parsePrivateKey(Files.readString(pemFile, StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new GeneralSecurityException(pemFile + ": " + e.getMessage(), e);
        }
    }

    static List<X509Certificate> parseCertificates(String pem) throws CertificateException {
        CertificateFactory factory = CertificateFactory.getInstance("X.509");
        List<X509Certificate> certificates = new ArrayList<>();
        Matcher m = BLOCK.matcher(pem);
        while (m.find()) {
            if (m.group(1).equals("CERTIFICATE")) {
                byte[] der = decodeBody(m.group(2));
                certificates.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(der)));
            }
        }
        return certificates;
    }

    static PrivateKey parsePrivateKey(String pem) throws GeneralSecurityException {
        Matcher m = BLOCK.matcher(pem);
        while (m.find()) {
            String type = m.group(1);
            String body = m.group(2);
            switch (type) {
                case "PRIVATE KEY":
                    return pkcs8(decodeBody(body));
                case "RSA PRIVATE KEY":
                    refuseEncryptedLegacy(type, body);
                    return pkcs8(wrapPkcs1(decodeBody(body)));
                case "EC PRIVATE KEY":
                    refuseEncryptedLegacy(type, body);
                    return pkcs8(wrapSec1(decodeBody(body)));
                case "ENCRYPTED PRIVATE KEY":
                    throw new InvalidKeySpecException("the private key is encrypted (BEGIN ENCRYPTED PRIVATE KEY);"
                            + " give an unencrypted PKCS#8, PKCS#1 or SEC 1 key");
                default:
                    // skip other blocks, such as EC PARAMETERS before an EC key
            }
        }
        throw new InvalidKeySpecException("no PEM block BEGIN PRIVATE KEY, BEGIN RSA PRIVATE KEY"
                + " or BEGIN EC PRIVATE KEY");
    }

    /** Fails unless the private key signs what the certificate's public key verifies. */
    static void checkPair(PrivateKey key, X509Certificate certificate) throws GeneralSecurityException {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "EdDSA", "Ed25519", "Ed448" -> key.getAlgorithm();
            default -> null;
        };
        if (algorithm == null) {
            return;
        }
        byte[] probe = new byte[32];
        new SecureRandom().nextBytes(probe);
        boolean matches;
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(probe);
            matches = verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            matches = false;
        }
        if (!matches) {
            throw new GeneralSecurityException("the private key does not belong to the certificate "
                    + certificate.getSubjectX500Principal().getName());
        }
    }

    private static PrivateKey pkcs8(byte[] der) throws GeneralSecurityException {
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
        GeneralSecurityException last = null;
        for (String algorithm : List.of("RSA", "EC", "EdDSA", "RSASSA-PSS")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (GeneralSecurityException e) {
                last = e;
            }
        }
        throw new InvalidKeySpecException("not an RSA, EC or EdDSA PKCS#8 private key", last);
    }

    private static void refuseEncryptedLegacy(String type, String body) throws InvalidKeySpecException {
        if (body.contains("Proc-Type:") || body.contains("DEK-Info:")) {
            throw new InvalidKeySpecException("the private key is encrypted (BEGIN " + type
                    + " with Proc-Type); give an unencrypted key");
        }
    }

    private static byte[] decodeBody(String body) {
        return Base64.getMimeDecoder().decode(body.strip());
    }

    /** PKCS#1 RSAPrivateKey to PKCS#8 PrivateKeyInfo: version 0, rsaEncryption with NULL. */
    static byte[] wrapPkcs1(byte[] pkcs1) {
        byte[] algorithm = Der.tlv(0x30, OID_RSA_ENCRYPTION, new byte[] {0x05, 0x00});
        return Der.tlv(0x30, new byte[] {0x02, 0x01, 0x00}, algorithm, Der.tlv(0x04, pkcs1));
    }

    /** SEC 1 ECPrivateKey to PKCS#8 PrivateKeyInfo: version 0, ecPublicKey with the named curve. */
    static byte[] wrapSec1(byte[] sec1) throws InvalidKeySpecException {
        byte[] curve = null;
        try {
            Der.Tlv sequence = Der.read(sec1, 0);
            if (sequence.tag() != 0x30) {
                throw new InvalidKeySpecException("EC PRIVATE KEY is not a DER SEQUENCE");
            }
            int at = sequence.contentStart();
            while (at < sequence.end()) {
                Der.Tlv field = Der.read(sec1, at);
                if (field.tag() == 0xa0) {
                    Der.Tlv oid = Der.read(sec1, field.contentStart());
                    if (oid.tag() == 0x06) {
                        curve = java.util.Arrays.copyOfRange(sec1, oid.start(), oid.end());
                    }
                }
                at = field.end();
            }
        } catch (IndexOutOfBoundsException e) {
            throw new InvalidKeySpecException("EC PRIVATE KEY is not valid DER", e);
        }
        if (curve == null) {
            throw new InvalidKeySpecException("EC PRIVATE KEY without a named curve; give a PKCS#8 key");
        }
        byte[] algorithm = Der.tlv(0x30, OID_EC_PUBLIC_KEY, curve);
        return Der.tlv(0x30, new byte[] {0x02, 0x01, 0x00}, algorithm, Der.tlv(0x04, sec1));
    }

    /** Just enough DER to wrap a key. */
    static final class Der {
        private Der() {}

        record Tlv(int tag, int start, int contentStart, int end) {}

        static Tlv read(byte[] der, int start) {
            int tag = der[start] & 0xff;
            int at = start + 1;
            int first = der[at++] & 0xff;
            int length;
            if (first < 0x80) {
                length = first;
            } else {
                int count = first & 0x7f;
                if (count == 0 || count > 4) {
                    throw new IndexOutOfBoundsException("unsupported DER length");
                }
                length = 0;
                for (int i = 0; i < count; i++) {
                    length = (length << 8) | (der[at++] & 0xff);
                }
            }
            int end = at + length;
            if (length < 0 || end > der.length) {
                throw new IndexOutOfBoundsException("DER value runs past the end");
            }
            return new Tlv(tag, start, at, end);
        }

        static byte[] tlv(int tag, byte[]... parts) {
            ByteArrayOutputStream content = new ByteArrayOutputStream();
            for (byte[] part : parts) {
                content.writeBytes(part);
            }
            int length = content.size();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(tag);
            if (length < 0x80) {
                out.write(length);
            } else {
                int bytes = length > 0xffffff ? 4 : length > 0xffff ? 3 : length > 0xff ? 2 : 1;
                out.write(0x80 | bytes);
                for (int i = bytes - 1; i >= 0; i--) {
                    out.write((length >>> (8 * i)) & 0xff);
                }
            }
            out.writeBytes(content.toByteArray());
            return out.toByteArray();
        }
    }
}
