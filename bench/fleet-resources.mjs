// The building blocks of bench/fleet-gen.mjs: a seeded PRNG, the roles and environments of the
// fleet, and the resources a node of each role carries (base profile shared by every node, role
// resources unique per node, about 2% exported). Kept apart so each file stays one concept.

/** Small fast seeded PRNG (mulberry32): the same seed gives the same fleet. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ROLES = ['web', 'web', 'web', 'app', 'app', 'db', 'cache', 'lb', 'monitoring'];
export const ENVIRONMENTS = [
  'production',
  'production',
  'production',
  'production',
  'production',
  'production',
  'production',
  'staging',
  'staging',
  'development',
];
const BASE_PACKAGES = [
  'curl',
  'vim',
  'htop',
  'rsync',
  'git',
  'sudo',
  'openssh-server',
  'ca-certificates',
  'chrony',
  'logrotate',
  'unattended-upgrades',
  'jq',
];
const USERS = ['alice', 'bob', 'carol', 'deploy', 'backup', 'monitor', 'dave', 'erin'];
export const MOD = '/etc/puppetlabs/code/environments/production/modules';

export function classTags(name) {
  const parts = name.toLowerCase().split('::');
  const tags = ['class'];
  for (let i = 0; i < parts.length; i++) tags.push(parts.slice(0, i + 1).join('::'), parts[i]);
  return tags;
}

export function resource(type, title, parameters, cls, file, line, exported = false) {
  const tags = [...new Set([type.toLowerCase(), ...type.toLowerCase().split('::'), ...classTags(cls)])];
  return { type, title, exported, file, line, tags, parameters };
}

/** The base profile every node gets (identical parameters on every node: shared hashes). */
export function baseResources(role) {
  const out = [];
  for (const [i, name] of BASE_PACKAGES.entries()) {
    out.push(
      resource(
        'Package',
        name,
        { ensure: 'installed' },
        'Profile::Base',
        `${MOD}/profile/manifests/base.pp`,
        10 + i,
      ),
    );
  }
  for (const [i, name] of USERS.entries()) {
    out.push(
      resource(
        'User',
        name,
        {
          ensure: 'present',
          uid: 2000 + i,
          gid: name,
          shell: '/bin/bash',
          home: `/home/${name}`,
          managehome: true,
          groups: i % 2 ? ['sudo', 'adm'] : ['adm'],
        },
        'Accounts',
        `${MOD}/accounts/manifests/user.pp`,
        31,
      ),
      resource(
        'Group',
        name,
        { ensure: 'present', gid: 2000 + i },
        'Accounts',
        `${MOD}/accounts/manifests/user.pp`,
        25,
      ),
    );
  }
  out.push(
    resource(
      'File',
      '/etc/chrony/chrony.conf',
      {
        ensure: 'file',
        owner: 'root',
        group: 'root',
        mode: '0644',
        content: 'pool 2.debian.pool.ntp.org iburst\n',
      },
      'Chrony',
      `${MOD}/chrony/manifests/config.pp`,
      12,
    ),
    resource(
      'Service',
      'chrony',
      { ensure: 'running', enable: true },
      'Chrony',
      `${MOD}/chrony/manifests/service.pp`,
      4,
    ),
    resource(
      'Sysctl::Value',
      'net.core.somaxconn',
      { value: role === 'db' ? '1024' : '4096' },
      'Profile::Base',
      `${MOD}/profile/manifests/base.pp`,
      40,
    ),
    resource(
      'Sysctl::Value',
      'vm.swappiness',
      { value: role === 'db' ? '1' : '10' },
      'Profile::Base',
      `${MOD}/profile/manifests/base.pp`,
      41,
    ),
    resource(
      'File',
      '/etc/ssh/sshd_config',
      {
        ensure: 'file',
        owner: 'root',
        mode: '0600',
        notify: 'Service[ssh]',
        settings: { PermitRootLogin: 'no', PasswordAuthentication: false, AllowGroups: ['adm', 'sudo'] },
      },
      'Ssh::Server',
      `${MOD}/ssh/manifests/server.pp`,
      20,
    ),
    resource(
      'Service',
      'ssh',
      { ensure: 'running', enable: true, hasrestart: true },
      'Ssh::Server',
      `${MOD}/ssh/manifests/server.pp`,
      33,
    ),
  );
  return out;
}

/** Role resources up to `count`, numbered so titles stay unique on a node. */
export function roleResources(role, certname, env, count, random) {
  const out = [];
  const vhostType = role === 'lb' ? 'Haproxy::Backend' : 'Nginx::Vhost';
  for (let n = 0; out.length < count; n++) {
    const pick = random();
    const site = `site${n % 40}.example.com`;
    if (pick < 0.45) {
      out.push(
        resource(
          'File',
          `/etc/${role}/conf.d/${String(n).padStart(4, '0')}.conf`,
          {
            ensure: 'file',
            owner: role === 'db' ? 'postgres' : 'root',
            group: 'root',
            mode: n % 3 ? '0644' : '0640',
            content: `# ${role} ${n}\nworkers=${1 + (n % 8)}\n`,
            notify: `Service[${role}]`,
          },
          `Profile::${cap(role)}`,
          `${MOD}/profile/manifests/${role}.pp`,
          20 + (n % 80),
        ),
      );
    } else if (pick < 0.55) {
      out.push(
        resource(
          vhostType,
          `${site}-${n}`,
          {
            server_name: [site, `www.${site}`],
            listen_port: 443 + (n % 3),
            ssl: n % 4 !== 0,
            locations: {
              '/': { proxy: `http://127.0.0.1:${8000 + (n % 20)}`, timeout: '90s' },
              '/static': { root: `/srv/${site}/static`, expires: '7d' },
            },
            environment: env,
          },
          `Profile::${cap(role)}`,
          `${MOD}/profile/manifests/${role}.pp`,
          60,
        ),
      );
    } else if (pick < 0.65) {
      out.push(
        resource(
          'Package',
          `${role}-plugin-${n}`,
          {
            ensure: n % 5 ? 'installed' : `1.${n % 10}.${n % 7}`,
            install_options: ['--no-install-recommends'],
          },
          `Profile::${cap(role)}`,
          `${MOD}/profile/manifests/${role}.pp`,
          12,
        ),
      );
    } else if (pick < 0.72) {
      out.push(
        resource(
          'Exec',
          `${role}-refresh-${n}`,
          {
            command: `/usr/local/bin/${role}-refresh --item ${n}`,
            refreshonly: true,
            path: ['/usr/bin', '/bin', '/usr/local/bin'],
            timeout: 300,
          },
          `Profile::${cap(role)}`,
          `${MOD}/profile/manifests/${role}.pp`,
          90,
        ),
      );
    } else if (pick < 0.8) {
      out.push(
        resource(
          'Cron',
          `${role}-job-${n}`,
          {
            command: `/usr/local/bin/job-${n}`,
            user: 'root',
            hour: n % 24,
            minute: (n * 7) % 60,
            environment: ['PATH=/usr/bin:/bin', `MAILTO=ops+${role}@example.com`],
          },
          'Cron::Jobs',
          `${MOD}/cron/manifests/job.pp`,
          8,
        ),
      );
    } else if (pick < 0.87) {
      out.push(
        resource(
          'Concat::Fragment',
          `${role}-fragment-${n}`,
          {
            target: `/etc/${role}/${role}.conf`,
            order: String(10 + (n % 90)),
            content: `option_${n} = ${n % 2 === 0}\n`,
          },
          `Profile::${cap(role)}`,
          `${MOD}/concat/manifests/fragment.pp`,
          5,
        ),
      );
    } else if (pick < 0.93) {
      out.push(
        resource(
          'Firewall',
          `${100 + (n % 800)} allow ${role} ${n}`,
          { dport: [80 + (n % 10), 443], proto: 'tcp', action: 'accept', source: `10.${n % 16}.0.0/16` },
          'Profile::Firewall',
          `${MOD}/profile/manifests/firewall.pp`,
          30,
        ),
      );
    } else if (pick < 0.98) {
      out.push(
        resource(
          'Mount',
          `/srv/data${n}`,
          {
            ensure: 'mounted',
            device: `/dev/mapper/vg0-data${n}`,
            fstype: n % 2 ? 'xfs' : 'ext4',
            options: 'noatime',
            dump: 0,
            pass: 2,
          },
          `Profile::${cap(role)}`,
          `${MOD}/profile/manifests/${role}.pp`,
          70,
        ),
      );
    } else {
      // Exported resources: the monitoring and load-balancer collection pattern.
      const kind = n % 3;
      if (kind === 0)
        out.push(
          resource(
            'Nagios_service',
            `${certname}-check-${n}`,
            {
              host_name: certname,
              check_command: `check_${role}!${n}`,
              service_description: `${role} ${n}`,
              notification_options: { warning: true, critical: true },
            },
            'Monitoring',
            `${MOD}/monitoring/manifests/service.pp`,
            14,
            true,
          ),
        );
      else if (kind === 1)
        out.push(
          resource(
            'Haproxy::Balancermember',
            `${certname}-${n}`,
            {
              listening_service: role,
              server_names: certname,
              ports: String(8000 + (n % 20)),
              options: 'check inter 2000',
            },
            `Profile::${cap(role)}`,
            `${MOD}/profile/manifests/${role}.pp`,
            99,
            true,
          ),
        );
      else
        out.push(
          resource(
            'Concat::Fragment',
            `exported-${certname}-${n}`,
            { target: '/etc/hosts.d/fleet', content: `10.0.0.1 ${certname}\n`, tag: 'fleet_hosts' },
            'Hosts',
            `${MOD}/hosts/manifests/export.pp`,
            3,
            true,
          ),
        );
    }
  }
  return out;
}

export function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
