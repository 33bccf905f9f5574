/** Prints the date and time the JVM reads from the machine's clock (.ci/run checks that libfaketime moves it). */
public class MachineClock {
    public static void main(String[] args) {
        System.out.println(java.time.LocalDateTime.now());
    }
}
