package dev.almanac.testing;

import java.util.Random;

/**
 * Random text made to break input handling: control and format characters, lone surrogates,
 * combining marks, right-to-left scripts and controls, emoji, mixed with plain letters.
 */
public final class RandomText {
    private static final int[][] RANGES = {{0x0000, 0x001f}, {0x007f, 0x009f}, {0x200b, 0x200f}, {0x202a, 0x202e}, {0x2066, 0x2069},
            {0xfeff, 0xfeff}, {0xd800, 0xdfff}, {0x0300, 0x036f}, {0x0590, 0x05ff}, {0x0600, 0x06ff}, {0x0041, 0x007a},
            {0x00c0, 0x00ff}, {0x1f600, 0x1f64f}, {0x0020, 0x0040}};

    private RandomText() {}

    /** Between 1 and {@code maxLength} code points drawn from the ranges above. */
    public static String of(Random random, int maxLength) {
        StringBuilder text = new StringBuilder();
        int length = 1 + random.nextInt(maxLength);
        for (int i = 0; i < length; i++) {
            int[] range = RANGES[random.nextInt(RANGES.length)];
            text.appendCodePoint(range[0] + random.nextInt(range[1] - range[0] + 1));
        }
        return text.toString();
    }

    /** The code points in hex, to name a failing input readably. */
    public static String codes(String text) {
        return text.codePoints().mapToObj(Integer::toHexString).toList().toString();
    }
}
