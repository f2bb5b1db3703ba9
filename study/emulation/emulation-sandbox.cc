/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "emulation-sandbox.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <filesystem>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <stdexcept>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace ns3
{
namespace chronometry
{

namespace
{

std::atomic<bool> g_interrupted{false};              //!< SIGINT or SIGTERM arrived
std::vector<EmulationSandbox*> g_live;               //!< sandboxes to remove at exit/terminate
std::terminate_handler g_previousTerminate{nullptr}; //!< called after the clean-up

/** Remove every live sandbox (exit(), std::terminate: no destructor would run). */
void
CleanupLive()
{
    std::vector<EmulationSandbox*> live;
    live.swap(g_live);
    for (EmulationSandbox* sandbox : live)
    {
        sandbox->Cleanup();
    }
}

/** The terminate handler: clean up, then the previous handler (abort). */
[[noreturn]] void
TerminateHandler()
{
    CleanupLive();
    if (g_previousTerminate != nullptr)
    {
        g_previousTerminate();
    }
    std::abort();
}

/** \param signal the signal: only noted (the run polls Interrupted and stops cleanly) */
void
SignalHandler(int /* signal */)
{
    g_interrupted = true;
}

/**
 * \param name a program
 * \return its path (PATH, then /usr/sbin and /sbin, where Debian puts the daemons), or ""
 */
std::string
FindProgram(const std::string& name)
{
    std::string path = std::getenv("PATH") != nullptr ? std::getenv("PATH") : "";
    path += ":/usr/sbin:/sbin";
    size_t start = 0;
    while (start <= path.size())
    {
        size_t end = path.find(':', start);
        end = (end == std::string::npos) ? path.size() : end;
        std::string candidate = path.substr(start, end - start) + "/" + name;
        if (end > start && access(candidate.c_str(), X_OK) == 0)
        {
            return candidate;
        }
        start = end + 1;
    }
    return "";
}

/** \param argv words \return them joined by spaces (for messages) */
std::string
Join(const std::vector<std::string>& argv)
{
    std::string text;
    for (const auto& word : argv)
    {
        text += (text.empty() ? "" : " ") + word;
    }
    return text;
}

/**
 * Exec argv (never returns).
 * \param argv the program and its arguments
 */
[[noreturn]] void
Exec(const std::vector<std::string>& argv)
{
    std::vector<char*> args;
    for (const auto& word : argv)
    {
        args.push_back(const_cast<char*>(word.c_str()));
    }
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
}

} // namespace

std::string
EmulationSandbox::Unavailable(const std::string& daemon)
{
    if (geteuid() != 0)
    {
        return "not root (a network namespace and a tap device need CAP_NET_ADMIN)";
    }
    if (access("/dev/net/tun", R_OK | W_OK) != 0)
    {
        return "no /dev/net/tun (modprobe tun)";
    }
    if (FindProgram("ip").empty())
    {
        return "no ip (Debian package iproute2)";
    }
    if (!daemon.empty() && FindProgram(daemon).empty())
    {
        return "no " + daemon + " (Debian package " +
               (daemon == "chronyd" ? std::string("chrony") : std::string("linuxptp")) +
               "; scripts/setup-deps.sh extra installs it)";
    }
    return "";
}

EmulationSandbox::EmulationSandbox()
{
    char tmpl[] = "/tmp/chronometry-emulate-XXXXXX";
    if (mkdtemp(tmpl) == nullptr)
    {
        throw std::runtime_error(std::string("mkdtemp: ") + std::strerror(errno));
    }
    m_dir = tmpl;
    chmod(m_dir.c_str(), 0755); // chronyd may write its logs as its own user
    const std::string id = std::to_string(getpid());
    m_namespace = "chrono-emu-" + id;
    m_tap = "chrtap" + id; // IFNAMSIZ: 15 characters at most
    if (g_live.empty() && g_previousTerminate == nullptr)
    {
        g_previousTerminate = std::set_terminate(TerminateHandler);
        std::atexit(CleanupLive);
    }
    g_live.push_back(this);
    MustRun({"ip", "netns", "add", m_namespace});
    m_namespaceMade = true;
    MustRun({"ip", "netns", "exec", m_namespace, "ip", "link", "set", "lo", "up"});
}

EmulationSandbox::~EmulationSandbox()
{
    Cleanup();
}

int
EmulationSandbox::OpenTap(const std::string& cidr)
{
    m_tapFd = open("/dev/net/tun", O_RDWR | O_CLOEXEC);
    if (m_tapFd < 0)
    {
        throw std::runtime_error(std::string("open /dev/net/tun: ") + std::strerror(errno));
    }
    ifreq request{};
    request.ifr_flags = IFF_TAP | IFF_NO_PI;
    std::strncpy(request.ifr_name, m_tap.c_str(), IFNAMSIZ - 1);
    if (ioctl(m_tapFd, TUNSETIFF, &request) < 0)
    {
        throw std::runtime_error("TUNSETIFF " + m_tap + ": " + std::strerror(errno));
    }
    // The descriptor keeps working after the move: it is bound to the device, not to a
    // namespace (checked by the emulation tests, which exchange packets through it).
    MustRun({"ip", "link", "set", m_tap, "netns", m_namespace});
    const std::vector<std::string> inside{"ip", "netns", "exec", m_namespace};
    auto in = [&inside](std::vector<std::string> argv) {
        argv.insert(argv.begin(), inside.begin(), inside.end());
        return argv;
    };
    // No IPv6 (router solicitations and MLD reports would only add noise to the pcap).
    Run(in({"sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1"}));
    MustRun(in({"ip", "addr", "add", cidr, "dev", m_tap}));
    MustRun(in({"ip", "link", "set", m_tap, "up"}));
    return m_tapFd;
}

pid_t
EmulationSandbox::StartDaemon(const std::vector<std::string>& argv, const std::string& logFile)
{
    std::vector<std::string> full{"ip", "netns", "exec", m_namespace};
    full.insert(full.end(), argv.begin(), argv.end());
    pid_t pid = fork();
    if (pid < 0)
    {
        throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    }
    if (pid == 0)
    {
        setpgid(0, 0);
        int log = open(logFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (log >= 0)
        {
            dup2(log, STDOUT_FILENO);
            dup2(log, STDERR_FILENO);
        }
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0)
        {
            dup2(null, STDIN_FILENO);
        }
        Exec(full);
    }
    setpgid(pid, pid); // also here: no race with the child's own call
    m_daemons.push_back(pid);
    return pid;
}

bool
EmulationSandbox::DaemonsAlive()
{
    for (pid_t pid : m_daemons)
    {
        int status = 0;
        if (std::find(m_exited.begin(), m_exited.end(), pid) != m_exited.end() ||
            waitpid(pid, &status, WNOHANG) == pid)
        {
            if (std::find(m_exited.begin(), m_exited.end(), pid) == m_exited.end())
            {
                m_exited.push_back(pid);
            }
            return false;
        }
    }
    return true;
}

void
EmulationSandbox::StopDaemons()
{
    for (pid_t pid : m_daemons)
    {
        kill(-pid, SIGTERM); // the group: ip netns exec execs the daemon in the same process
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    for (pid_t pid : m_daemons)
    {
        while (std::find(m_exited.begin(), m_exited.end(), pid) == m_exited.end())
        {
            int status = 0;
            pid_t done = waitpid(pid, &status, WNOHANG);
            if (done == pid || (done < 0 && errno == ECHILD))
            {
                m_exited.push_back(pid);
                break;
            }
            if (std::chrono::steady_clock::now() > deadline)
            {
                kill(-pid, SIGKILL);
                waitpid(pid, &status, 0);
                m_exited.push_back(pid);
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        kill(-pid, SIGKILL); // anything the daemon forked and left in its group
    }
    m_daemons.clear();
    m_exited.clear();
}

void
EmulationSandbox::Cleanup()
{
    StopDaemons();
    if (m_tapFd >= 0)
    {
        close(m_tapFd);
        m_tapFd = -1;
    }
    if (m_namespaceMade)
    {
        Run({"ip", "netns", "delete", m_namespace});
        m_namespaceMade = false;
    }
    if (!m_keep && !m_dir.empty())
    {
        std::error_code ignored;
        std::filesystem::remove_all(m_dir, ignored);
        m_dir.clear();
    }
    g_live.erase(std::remove(g_live.begin(), g_live.end(), this), g_live.end());
}

void
EmulationSandbox::Keep(bool keep)
{
    m_keep = keep;
}

const std::string&
EmulationSandbox::GetDirectory() const
{
    return m_dir;
}

const std::string&
EmulationSandbox::GetNamespace() const
{
    return m_namespace;
}

const std::string&
EmulationSandbox::GetTapName() const
{
    return m_tap;
}

void
EmulationSandbox::CatchSignals()
{
    struct sigaction action
    {
    };

    action.sa_handler = SignalHandler;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

bool
EmulationSandbox::Interrupted()
{
    return g_interrupted;
}

int
EmulationSandbox::Run(const std::vector<std::string>& argv)
{
    pid_t pid = fork();
    if (pid < 0)
    {
        return -1;
    }
    if (pid == 0)
    {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0)
        {
            dup2(null, STDOUT_FILENO);
        }
        Exec(argv);
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void
EmulationSandbox::MustRun(const std::vector<std::string>& argv)
{
    int status = Run(argv);
    if (status != 0)
    {
        throw std::runtime_error("'" + Join(argv) + "' failed (status " + std::to_string(status) +
                                 ")");
    }
}

} // namespace chronometry
} // namespace ns3
